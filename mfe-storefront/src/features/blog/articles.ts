// The written articles shown on the storefront's /blog page.
// Plain data: paragraphs are plain text, code samples are template literals.

export interface ArticleSection {
  heading?: string;
  paragraphs: string[];
  code?: { language: 'tsx' | 'ts' | 'js'; source: string };
}

export interface Article {
  slug: string;
  title: string;
  summary: string;
  author: string;
  publishedOn: string;
  readingMinutes: number;
  sections: ArticleSection[];
}

const stateManagement: Article = {
  slug: 'state-management-in-react',
  title: 'How should you manage state in a React app?',
  summary:
    "Not all state is the same. Sort it into local UI state, server state, URL state and global client state, and most of the tooling decisions make themselves.",
  author: 'Karim Hossain, PhoneHaat engineering',
  publishedOn: '2026-03-10',
  readingMinutes: 4,
  sections: [
    {
      paragraphs: [
        "Ask five React developers how to manage state and you may hear five library names. A better first question is: what kind of state is this? Sort state into kinds and most tooling decisions make themselves.",
      ],
    },
    {
      heading: 'Not all state is the same kind',
      paragraphs: [
        "Local UI state belongs to one component or a small subtree: whether a dropdown is open, which photo of a listing the gallery shows. Nobody else needs it, and it can vanish when the component unmounts.",
        "Server state is a copy of backend data: a seller's listings, a booking's status. You do not own it; it goes stale and must be fetched, cached and refreshed.",
        "URL state is anything that should survive a refresh or be shared as a link: the search text, the brand filter, the page number. If a buyer sends a friend a link to Pixel phones under Tk 40,000, the filters must live in the address, not in memory.",
        "Global client state is data the browser owns and many unrelated parts of the app read: the signed-in session, the cart before checkout. It is usually small but read from everywhere.",
      ],
    },
    {
      heading: 'Start with useState, useReducer and context',
      paragraphs: [
        "For local UI state, useState is nearly always right. When several pieces of state change together, useReducer keeps every transition in one pure function you can test on its own. A cart with add, remove and change-quantity actions is a good fit: the reducer takes the items and an action and returns new items, with no React involved.",
        "When siblings need the same state, lift it to their common parent. When it must travel through many layers, context removes the prop drilling. But context passes a value down the tree; it is not a state manager. Every component that reads it re-renders when its value changes, which is fine for the theme or locale and wasteful for values that change on every keystroke.",
      ],
    },
    {
      heading: 'When a store earns its place',
      paragraphs: [
        "A store pays off when global client state changes often, is read by many components that each want a different slice, or is updated from outside React. Zustand is a small hook-based store where each component subscribes only to the slice it selects, so a cart change does not re-render the header. Redux Toolkit is heavier but brings strong conventions, dev tools with an action history, and RTK Query; it suits large teams that want one predictable pattern everywhere.",
        "PhoneHaat is split into micro-frontends, and the session must be the same in all of them. A small zustand store, shared as a single instance, does that. Listings and bookings stay out of it.",
      ],
    },
    {
      heading: 'Server state is a different problem',
      paragraphs: [
        "The hand-rolled pattern is a useEffect that calls fetch and keeps the result, a loading flag and an error in useState. A real screen soon needs more: ignoring out-of-order responses, sharing one request between components, showing cached data while refetching, retrying on flaky mobile connections, and refreshing a listing after its price changes.",
        "TanStack Query, like SWR or RTK Query, solves these once. You describe a query with a key, such as ['listings', sellerId], and a fetch function. The library caches results, deduplicates requests, marks data stale after a time you choose, and lets a mutation invalidate the keys it affected. Much of what teams once kept in Redux was really a cache, so moving it out is often a big simplification.",
      ],
    },
    {
      heading: "Derived state: compute it, don't store it",
      paragraphs: [
        "If a value can be computed from state you already have, compute it during render. The cart total is each item's price times its quantity, summed. Storing a separate total means every action must update two things, and sooner or later one forgets. The same goes for filtered listings and whether a form is valid.",
        "Computing on each render is usually cheap; wrap genuinely expensive work in useMemo, or let the React Compiler memoise for you. Also avoid copying props into state and syncing them with a useEffect: it costs an extra render and drifts when updates arrive in an unexpected order.",
      ],
    },
    {
      heading: 'A small session store',
      paragraphs: [
        "Here is a session store with zustand 5. Components select exactly what they need, so signing in re-renders only the components that read the session.",
      ],
      code: {
        language: 'tsx',
        source: `import { create } from 'zustand';

interface Session {
  userId: string;
  displayName: string;
  role: 'buyer' | 'seller';
}

interface SessionState {
  session: Session | null;
  signIn: (session: Session) => void;
  signOut: () => void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  session: null,
  signIn: (session) => set({ session }),
  signOut: () => set({ session: null }),
}));

// Subscribe to one slice, not the whole store.
export function HeaderGreeting() {
  const name = useSessionStore((state) => state.session?.displayName);
  return name ? <span>Hi, {name}</span> : <a href="/login">Sign in</a>;
}`,
      },
    },
    {
      heading: 'A rule of thumb',
      paragraphs: [
        "Notice what the store leaves out: listings, loading flags and the cart total belong to the query cache, the component and the render function.",
        "So before reaching for a library, name the kind of state. Keep local state local, put shareable filters in the URL, let a query library own the cache, derive what you can, and keep a global store for the little that is truly global.",
      ],
    },
  ],
};

const prototypes: Article = {
  slug: 'prototype-inheritance-in-javascript',
  title: 'How does prototype inheritance work in JavaScript?',
  summary:
    "JavaScript has no class blueprints underneath, only objects linked to other objects. Here is how the prototype chain, Object.create, constructor functions and class fit together.",
  author: 'Nusrat Jahan, PhoneHaat engineering',
  publishedOn: '2026-04-14',
  readingMinutes: 5,
  sections: [
    {
      paragraphs: [
        "JavaScript's inheritance confuses many people who come from Java or C#, mostly because the class keyword makes it look familiar. Underneath there are no blueprints copied into objects, only objects that point to other objects they fall back on. Once you see that, much surprising behaviour becomes predictable.",
      ],
    },
    {
      heading: 'Objects linking to objects',
      paragraphs: [
        "Every object has an internal slot the specification calls [[Prototype]], holding another object or null. You read it with Object.getPrototypeOf(obj); browsers also expose the legacy __proto__ accessor. The prototype is not a copy or a parent class but a live link to an ordinary object, so a method added to it later is visible through every object linked to it.",
        "That link is how objects share behaviour: rather than giving every phone listing its own describe method, you put describe on one object and link the listings to it.",
      ],
    },
    {
      heading: 'How property lookup walks the chain',
      paragraphs: [
        "When you read listing.price, the engine looks for an own property called price on listing. If there is none, it follows [[Prototype]] and looks there, then at that object's prototype, until it finds the property or reaches null and returns undefined. This is the prototype chain. An object literal's chain is short: the object, Object.prototype, null. That is why ordinary objects seem to have toString.",
        "Writing is different. Assigning listing.price = 15000 creates or updates an own property and leaves the prototype alone (inherited setters and read-only properties are the exceptions). An own property with the same name as one further up shadows it, because lookup stops at the first match.",
      ],
    },
    {
      heading: 'Object.create and constructor functions',
      paragraphs: [
        "Object.create(proto) makes an empty object whose [[Prototype]] is proto, the most direct way to say this object falls back on that one. Object.create(null) makes an object with no prototype, handy for dictionaries where keys like constructor must not collide with inherited members.",
        "Before ES2015 the usual pattern was a constructor function. Every ordinary function has a prototype property whose object becomes the [[Prototype]] of instances created with new. Calling new Listing() creates an object linked to Listing.prototype, runs the function with this bound to it, and returns it. The naming is a trap: Listing.prototype is not the prototype of Listing (that is Function.prototype) but the one given to the objects it constructs.",
      ],
    },
    {
      heading: 'class is syntax over the same machinery',
      paragraphs: [
        "The class keyword gives this pattern cleaner syntax and safer defaults, but the model is unchanged. Methods in a class body live on ClassName.prototype, shared by every instance. extends links Child.prototype to Parent.prototype, and the Child constructor to Parent, which is how static members are inherited. Class fields differ: they become own properties of each instance, so an arrow function in a field is a separate function per object.",
        "Some differences are real: a class cannot be called without new, its body runs in strict mode, its methods are not enumerable, and it supports private # fields. Still, typeof Listing is 'function', and instances find methods by walking the chain.",
      ],
    },
    {
      heading: 'A short example',
      paragraphs: [
        "The same behaviour built with Object.create and with a class, then shadowing and own-property checks:",
      ],
      code: {
        language: 'js',
        source: `// Objects linking to objects
const listingProto = {
  describe() {
    return this.model + ', Tk ' + this.price;
  },
};
const redmi = Object.create(listingProto);
redmi.model = 'Redmi Note 13';
redmi.price = 18500;
redmi.describe(); // 'Redmi Note 13, Tk 18500', found on listingProto

// The same thing with class syntax
class Listing {
  constructor(model, price) {
    this.model = model;
    this.price = price;
  }
  describe() {
    return this.model + ', Tk ' + this.price;
  }
}
const pixel = new Listing('Pixel 8', 52000);
Object.getPrototypeOf(pixel) === Listing.prototype; // true
typeof Listing; // 'function'

// Shadowing and own-property checks
pixel.describe = () => 'Pixel 8, price on request';
pixel.describe(); // the own property wins
Object.hasOwn(pixel, 'describe'); // true
Object.hasOwn(pixel, 'toString'); // false, inherited from Object.prototype
delete pixel.describe;
pixel.describe(); // 'Pixel 8, Tk 52000' again, from Listing.prototype`,
      },
    },
    {
      heading: 'Own or inherited?',
      paragraphs: [
        "Because lookup walks the chain, the in operator is true for inherited properties, and for...in visits inherited enumerable ones. To ask whether the object itself has a property, use Object.hasOwn(obj, key), added in ES2022. It replaces obj.hasOwnProperty(key), which is missing on Object.create(null) objects and can be shadowed by an own property of that name. Object.keys and Object.entries already return only own enumerable keys.",
      ],
    },
    {
      heading: 'Performance and pitfalls',
      paragraphs: [
        "Engines such as V8 make property access fast by assuming objects with the same shape and prototype behave alike. Changing a prototype after creation, with Object.setPrototypeOf or by assigning __proto__, breaks those assumptions and can make code touching that object much slower. Set the prototype at creation and leave it alone. Long chains are rarely a speed problem, but they hurt readability, so prefer shallow hierarchies and composition.",
        "The best-known pitfall is modifying built-in prototypes. A method added to Array.prototype appears on every array, including inside third-party code, and can clash with a method the language adds later. This really happened: the proposed Array.prototype.flatten was renamed to flat because an old, widely deployed library defined its own flatten, and the standard one would have broken existing sites. Write a utility function instead. The accepted exception is a careful polyfill that adds a standard method exactly as specified, only when it is missing.",
      ],
    },
    {
      heading: 'Putting it together',
      paragraphs: [
        "An object is a set of own properties plus a link to another object. Reads walk the links, writes stay on the object, class tidies the setup, and Object.hasOwn tells you which is which. Keep chains short, set them once, and leave built-ins alone.",
      ],
    },
  ],
};

const unitTesting: Article = {
  slug: 'writing-useful-unit-tests',
  title: 'What makes a unit test worth having?',
  summary:
    "Good unit tests give design feedback and make refactoring safe; bad ones break on every change or cannot fail at all. Here is how to tell them apart, with Vitest and Testing Library examples.",
  author: 'Tanvir Ahmed, PhoneHaat engineering',
  publishedOn: '2026-05-19',
  readingMinutes: 5,
  sections: [
    {
      paragraphs: [
        "Most teams agree they should write unit tests; fewer agree on what a good one looks like. A suite can be a safety net that lets you change code with confidence, or a pile of brittle checks that break whenever you rename a function. Here are the ideas that make the difference, with examples from PhoneHaat, where we use Vitest and Testing Library.",
      ],
    },
    {
      heading: 'What is a unit, and why test it?',
      paragraphs: [
        "A unit is the smallest piece of behaviour worth checking on its own: often one function, such as formatting a price or calculating a seller's commission, but also a class, a hook or a small component. What matters is isolation, not size: a unit test runs without the network, a database or a real browser, so it is fast and fails for one reason.",
        "Catching bugs is the obvious benefit; two others matter as much. Tests give design feedback: if a function is painful to test because it reads the clock, calls the API and updates the page at once, the pain says to separate those jobs. And tests make refactoring safe: restructure the booking flow, and a good suite tells you in seconds whether what buyers rely on still works.",
      ],
    },
    {
      heading: 'Arrange, act, assert',
      paragraphs: [
        "Good tests share a three-part shape. Arrange sets up inputs and the world: a cart with two phones, a fake clock set to Friday evening. Act performs the one operation under test. Assert checks the outcome. Keeping the parts visible, often separated by blank lines, makes review easy. Several act steps usually mean several tests.",
      ],
    },
    {
      heading: 'Test behaviour, not implementation',
      paragraphs: [
        "A test should describe what the code does for its callers, not how it does it. Assert that adding a phone makes the cart total Tk 45,000, not that an internal helper was called twice. Tests that pin down private details fail on every refactor, even when nothing is wrong, and people learn to update them without thinking. A good test name reads like a requirement: rejects a booking for a time slot in the past.",
      ],
    },
    {
      heading: 'Stubs, mocks and fakes',
      paragraphs: [
        "When a unit depends on something slow or unpredictable, you replace it with a test double. A stub returns canned answers, for example a payment gateway that always approves. A mock also records how it was called, so the test can assert on those calls. A fake is a small working implementation, such as an in-memory listings repository backed by a Map.",
        "Mocks are right when the interaction is the behaviour, such as checking that a confirmation SMS is sent exactly once. Otherwise fakes usually age better. A test with a fake repository checks what ended up stored, so the code can change which methods it calls without breaking the test, while heavy mocking restates the implementation line by line. Replace things at real boundaries, like the network, the clock and randomness, not your own small functions.",
      ],
    },
    {
      heading: 'Test components the way a user does',
      paragraphs: [
        "For React components, Testing Library encourages tests that use the page the way a person does. Find elements by role and accessible name, as in getByRole('button', { name: 'Send offer' }), or by label with getByLabelText, and use test ids only as a last resort. Drive the component with user-event, which types and clicks like a real user. A bonus: a button without a usable name is as hard for your test to find as for a screen reader.",
      ],
      code: {
        language: 'tsx',
        source: `import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { OfferForm } from './offer-form';

it('sends the offer the buyer typed', async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(<OfferForm listingId="l-42" onSubmit={onSubmit} />);

  await user.type(screen.getByLabelText('Offer price (Tk)'), '30000');
  await user.click(screen.getByRole('button', { name: 'Send offer' }));

  expect(onSubmit).toHaveBeenCalledWith({ listingId: 'l-42', amount: 30000 });
});`,
      },
    },
    {
      heading: 'What makes a test useless',
      paragraphs: [
        "Some tests give confidence they have not earned. A test with no assertion passes as long as nothing throws. One whose expected value is computed by the code under test can never disagree with it. An async test that forgets to await may finish before its assertion runs. Large snapshots get approved unread. So break the code on purpose and check the test goes red. If it cannot fail, it tests nothing.",
      ],
    },
    {
      heading: 'Fast and deterministic',
      paragraphs: [
        "Unit tests should run in milliseconds and give the same result every time. Control whatever varies between runs, such as the time, random ids, time zones and locale: inject a clock, use Vitest's fake timers, pass a fixed id generator. A flaky test is worse than none, because it teaches the team to ignore red builds.",
      ],
    },
    {
      heading: 'A small Vitest example',
      paragraphs: [
        "Here is a price formatter and its tests. Each test names one behaviour, follows arrange, act, assert, and compares against a literal expected value rather than one computed by the code under test.",
      ],
      code: {
        language: 'ts',
        source: `// format-price.ts
export function formatPrice(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError('Price must be a non-negative number');
  }
  const taka = Math.round(amount);
  return 'Tk ' + taka.toLocaleString('en-US');
}

// format-price.test.ts
import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it('adds the Tk prefix and thousands separators', () => {
    const amount = 45000;

    const text = formatPrice(amount);

    expect(text).toBe('Tk 45,000');
  });

  it('rounds to whole taka', () => {
    expect(formatPrice(18499.6)).toBe('Tk 18,500');
  });

  it('rejects negative amounts', () => {
    expect(() => formatPrice(-1)).toThrow(RangeError);
  });
});`,
      },
    },
    {
      heading: 'In short',
      paragraphs: [
        "Describe behaviour, use fakes at real boundaries, query components the way users see them, keep tests fast and repeatable, and make sure each one can fail. Then you can change code with confidence instead of fear.",
      ],
    },
  ],
};

const frameworks: Article = {
  slug: 'react-vs-angular-vs-vue',
  title: 'React, Angular or Vue: which should you choose?',
  summary:
    "A fair comparison of the three in 2026: what each one is, how they render and react to change, their TypeScript story, learning curve and ecosystem, and why PhoneHaat chose React.",
  author: 'Farhana Rahman, PhoneHaat engineering',
  publishedOn: '2026-06-23',
  readingMinutes: 4,
  sections: [
    {
      paragraphs: [
        "Framework debates run hot, yet React, Angular and Vue are all mature, actively maintained and proven in large production apps. A good team can ship an excellent product with any of them; the differences matter more to some teams than others.",
      ],
    },
    {
      heading: 'What each one is',
      paragraphs: [
        "React is a library for building user interfaces from components, which are JavaScript functions returning JSX. It handles rendering and component state and leaves routing, data fetching and structure to other packages or to a framework on top, such as Next.js or React Router.",
        "Angular is a complete framework maintained by Google, shipping a router, forms, an HTTP client, dependency injection and a CLI, versioned together. Standalone components are now the default, so NgModules are mostly optional.",
        "Vue calls itself a progressive framework: add it to one page with a script tag, or build a whole app with its official router, Pinia for state and the Nuxt meta-framework. Single-file components keep template, script and scoped styles together.",
      ],
    },
    {
      heading: 'Rendering and reactivity',
      paragraphs: [
        "React re-renders a component when its state or props change, then diffs the new virtual DOM tree against the old one to find DOM updates. State lives in hooks such as useState. UI as a function of state is easy to reason about; the cost is occasional wasted re-renders, which the React Compiler reduces by memoising automatically. React 19 added Actions, useOptimistic and the use hook, and Server Components in supporting frameworks.",
        "Angular traditionally used zone.js to trigger checks of the component tree. Modern Angular centres on signals (signal, computed, effect), which tell the framework exactly what depends on what and make zoneless change detection possible; that is where new apps are heading. RxJS still handles streams such as HTTP and events, with helpers to convert to and from signals. Dependency injection runs through everything, which helps testing.",
        "Vue 3 tracks dependencies with JavaScript proxies: when a component reads a ref or reactive object during render, Vue records it, and a change updates only affected components. Compiled templates skip static parts. Vue 3.5 reworked reactivity for lower memory use, and the team is developing Vapor Mode, an opt-in compilation strategy without a virtual DOM.",
      ],
    },
    {
      heading: 'TypeScript, learning curve and ecosystem',
      paragraphs: [
        "All three work well with TypeScript. Angular is written in it and can type-check templates strictly. React's types are mature, and since JSX is ordinary TypeScript, plain tsc sees everything. Vue 3 is written in TypeScript too; its official language tools type-check templates.",
        "Vue is widely seen as the gentlest start, with HTML-like templates and excellent docs. React's core API is small, but you must learn to think in renders and hooks, then choose a router and data layer. Angular asks the most up front, but Angular projects look alike, which helps people move between teams.",
        "React has by far the largest ecosystem, with choice fatigue as the flip side. Angular's official packages cover most needs and upgrade together through ng update. Vue sits in between, with an official router and state library; Vite, which grew out of its community, is now used far beyond it.",
      ],
    },
    {
      heading: 'Performance in practice',
      paragraphs: [
        "All three are fast enough for almost any product, and synthetic benchmarks rarely predict how a real app feels. Architecture decides: how much JavaScript you ship, code splitting by route, data loading, server rendering and third-party scripts. A careful app in any of them beats a careless one in the benchmark winner.",
      ],
    },
    {
      heading: 'Team, hiring and when to pick each',
      paragraphs: [
        "React has the largest developer pool in most markets; Angular suits teams that want one official way to do things; Vue is quick to onboard onto. Weigh what your team knows: switching usually costs more than any difference saves.",
        "Pick Angular for a large, long-lived app with many developers when you value consistency over choice. Pick Vue for a gentle learning curve and cohesive official stack, or to enhance a server-rendered site. Pick React for the widest ecosystem and hiring pool, a flexible stack, or shared skills with React Native.",
      ],
    },
    {
      heading: 'Why PhoneHaat chose React',
      paragraphs: [
        "PhoneHaat is built as micro-frontends: a shell loads the storefront, buyer, seller and admin apps at run time with Module Federation. Federation is not tied to any framework, but host and remotes must share one copy of the UI runtime, router and session store, and React's large community offered plenty of prior art for that. Function components with plain props make the boundaries between apps easy to define.",
        "The ecosystem mattered too: well-supported libraries for routing, state (zustand) and testing (Vitest with Testing Library), and most people who join us already know React. None of this makes Angular or Vue worse; for a different team, either could be right. The best framework is the one your team can use well for years.",
      ],
    },
  ],
};

export const articles: Article[] = [stateManagement, prototypes, unitTesting, frameworks];
