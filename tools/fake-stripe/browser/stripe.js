/*
 * A fake of Stripe.js for offline development and tests, served by the fake Stripe server at
 * /endive/stripe.js. It implements the part of Stripe.js that @stripe/react-stripe-js and PhoneHaat's
 * payment page use — Stripe(pk), elements(), create('card'), mount / unmount / on / off / update /
 * destroy, confirmCardPayment — against the fake server's PaymentIntents, with Stripe's test cards.
 * The card fields are plain inputs instead of Stripe's iframe. Never loaded with real keys.
 */
(function () {
  'use strict';
  var current = document.currentScript;
  var API = current && current.src ? new URL(current.src).origin : 'http://127.0.0.1:4110';

  function digits(value) {
    return String(value || '').replace(/\D/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return number.length > 0 && sum % 10 === 0;
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    return 'unknown';
  }

  /** The card's state as Stripe reports it in 'change' events, and the first problem, if any. */
  function evaluate(values) {
    var number = digits(values.number);
    var exp = digits(values.expiry);
    var cvc = digits(values.cvc);
    var empty = !number && !exp && !cvc;
    var error;
    var complete = true;
    if (number.length < 16) {
      complete = false;
      if (values.numberBlurred && number.length > 0) error = { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' };
    } else if (!luhn(number)) {
      complete = false;
      error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    }
    var month = Number(exp.slice(0, 2));
    var year = 2000 + Number(exp.slice(2, 4));
    if (exp.length < 4) {
      complete = false;
      if (!error && values.expiryBlurred && exp.length > 0) error = { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
    } else if (month < 1 || month > 12) {
      complete = false;
      error = error || { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
    } else {
      var now = new Date();
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
        complete = false;
        error = error || { type: 'validation_error', code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
      }
    }
    if (cvc.length < 3) {
      complete = false;
      if (!error && values.cvcBlurred && cvc.length > 0) error = { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
    }
    return { elementType: 'card', empty: empty, complete: complete, brand: brandOf(number), value: {}, error: error };
  }

  var cards = new WeakMap();

  function createCardElement(options) {
    var listeners = {};
    var values = { number: '', expiry: '', cvc: '' };
    var root = null;
    var inputs = [];
    var destroyed = false;
    var style = (options && options.style && options.style.base) || {};
    var disabled = Boolean(options && options.disabled);

    function emit(event, payload) {
      (listeners[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }

    function field(name, label, placeholder, autocomplete, maxLength, grow) {
      var input = document.createElement('input');
      input.type = 'text';
      input.inputMode = 'numeric';
      input.name = 'fake-stripe-' + name;
      input.setAttribute('aria-label', label);
      input.placeholder = placeholder;
      input.autocomplete = autocomplete;
      input.maxLength = maxLength;
      input.disabled = disabled;
      input.style.cssText =
        'border:0;outline:none;background:transparent;min-width:0;padding:2px 0;font:inherit;color:inherit;flex:' + grow + ' 1 0;';
      input.addEventListener('input', function () {
        if (name === 'number') input.value = digits(input.value).slice(0, 16).replace(/(\d{4})(?=\d)/g, '$1 ');
        if (name === 'expiry') {
          var exp = digits(input.value).slice(0, 4);
          input.value = exp.length > 2 ? exp.slice(0, 2) + ' / ' + exp.slice(2) : exp;
        }
        if (name === 'cvc') input.value = digits(input.value).slice(0, 4);
        values[name] = input.value;
        emit('change', evaluate(values));
      });
      input.addEventListener('focus', function () {
        emit('focus', { elementType: 'card' });
      });
      input.addEventListener('blur', function () {
        values[name + 'Blurred'] = true;
        emit('blur', { elementType: 'card' });
        emit('change', evaluate(values));
      });
      inputs.push(input);
      return input;
    }

    var element = {
      mount: function (target) {
        if (destroyed) throw new Error('This Element has already been destroyed.');
        var host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('The selector you specified (' + target + ') applies to no DOM elements.');
        root = document.createElement('div');
        root.setAttribute('data-fake-stripe', 'card');
        root.style.cssText = 'display:flex;flex-wrap:wrap;gap:8px;align-items:center;';
        ['color', 'fontSize', 'fontFamily'].forEach(function (key) {
          if (style[key]) root.style[key] = style[key];
        });
        root.append(
          field('number', 'Card number', '1234 1234 1234 1234', 'cc-number', 19, 4),
          field('expiry', 'Expiration date MM / YY', 'MM / YY', 'cc-exp', 7, 1),
          field('cvc', 'Security code (CVC)', 'CVC', 'cc-csc', 4, 1),
        );
        host.append(root);
        setTimeout(function () {
          emit('ready', { elementType: 'card' });
        }, 0);
      },
      unmount: function () {
        if (root) root.remove();
        root = null;
        inputs = [];
      },
      destroy: function () {
        element.unmount();
        destroyed = true;
      },
      on: function (event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
        return element;
      },
      off: function (event, handler) {
        listeners[event] = (listeners[event] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      once: function (event, handler) {
        var wrapped = function (payload) {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      update: function (next) {
        if (next && typeof next.disabled === 'boolean') {
          disabled = next.disabled;
          inputs.forEach(function (input) {
            input.disabled = disabled;
          });
        }
      },
      focus: function () {
        if (inputs[0]) inputs[0].focus();
      },
      blur: function () {
        inputs.forEach(function (input) {
          input.blur();
        });
      },
      clear: function () {
        inputs.forEach(function (input) {
          input.value = '';
        });
        values = { number: '', expiry: '', cvc: '' };
        emit('change', evaluate(values));
      },
    };
    cards.set(element, function () {
      return values;
    });
    return element;
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_test_') !== 0) {
      throw new Error('The fake Stripe.js only accepts test publishable keys (pk_test_…).');
    }
    var key = publishableKey;

    function unsupported(name) {
      return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The fake Stripe.js does not implement ' + name + '.' } });
    }

    function post(path, form) {
      return fetch(API + path, {
        method: 'POST',
        headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }).then(function (response) {
        return response.json().then(function (body) {
          return { ok: response.ok, body: body };
        });
      });
    }

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        var created = {};
        return {
          create: function (type, options) {
            if (type !== 'card') throw new Error('The fake Stripe.js only implements the card Element, not ' + type + '.');
            if (created.card) throw new Error('Can only create one Element of type card.');
            created.card = createCardElement(options);
            return created.card;
          },
          // Like Stripe.js, also accepts @stripe/react-stripe-js's component (it carries __elementType).
          getElement: function (type) {
            var name = type && typeof type !== 'string' ? type.__elementType : type;
            return created[name] || null;
          },
          update: function () {},
        };
      },
      createToken: function () {
        return unsupported('createToken');
      },
      createPaymentMethod: function () {
        return unsupported('createPaymentMethod');
      },
      confirmCardPayment: function (clientSecret, data) {
        var id = String(clientSecret || '').split('_secret_')[0];
        var method = (data && data.payment_method) || {};
        var read = method.card && cards.get(method.card);
        if (!id || !read) {
          return Promise.resolve({ error: { type: 'invalid_request_error', message: 'confirmCardPayment needs a client secret and a mounted card Element.' } });
        }
        var values = read();
        var state = evaluate({ number: values.number, expiry: values.expiry, cvc: values.cvc, numberBlurred: true, expiryBlurred: true, cvcBlurred: true });
        if (!state.complete) return Promise.resolve({ error: state.error || { type: 'validation_error', code: 'incomplete', message: 'Your card details are incomplete.' } });
        var exp = digits(values.expiry);
        var billing = method.billing_details || {};
        var form = {
          client_secret: clientSecret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': digits(values.number),
          'payment_method_data[card][exp_month]': String(Number(exp.slice(0, 2))),
          'payment_method_data[card][exp_year]': String(2000 + Number(exp.slice(2, 4))),
          'payment_method_data[card][cvc]': digits(values.cvc),
        };
        if (billing.name) form['payment_method_data[billing_details][name]'] = billing.name;
        if (billing.email) form['payment_method_data[billing_details][email]'] = billing.email;
        return post('/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', form).then(
          function (result) {
            return result.ok ? { paymentIntent: result.body } : { error: result.body.error };
          },
          function () {
            return { error: { type: 'api_connection_error', message: 'We could not reach the payment service. Check your connection and try again.' } };
          },
        );
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
