import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, patterns } from '@phonehaat/shared-auth';
import { basenameOf, useLanguage, VisuallyHidden } from '@phonehaat/shared-ui';
import { useT } from '../../i18n';
import styles from './search-box.module.css';
import { useSuggestions, type Suggestion } from './use-suggestions';

/**
 * The navbar's search: Enter opens /search?q=…; from 2 characters suggestions (brands and listing names)
 * appear below, as an ARIA combobox: ↑/↓ move through them, Enter picks one, Escape closes the list.
 */
export function SearchBox() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const suggestions = useSuggestions(text, open);
  const expanded = open && suggestions.length > 0;

  // The box shows the search on screen: the words of /search?q=…, and nothing elsewhere; but never
  // overwrites what is being typed (a redirect that lands while someone types).
  const onSearchPage = location.pathname === patterns.search;
  const shownQuery = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  useEffect(() => {
    if (document.activeElement === input.current) return;
    setText(shownQuery);
    setOpen(false);
  }, [shownQuery, location.key]);
  // A new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [suggestions]);

  const go = (q: string) => {
    setOpen(false);
    setText(q);
    navigate(paths.search(q));
  };
  const pick = (suggestion: Suggestion) => go(suggestion.text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) pick(chosen);
    else go(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight returns to the text itself.
      setActive((current) => {
        const next = current + step;
        return next < -1 ? suggestions.length - 1 : next >= suggestions.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    // action: before the app has started (a page composed on the server), the form still searches.
    <form role="search" action={`${basenameOf(language)}${patterns.search}`} className={styles.form} onSubmit={onSubmit} aria-label={t('search.label')}>
      <label htmlFor={`${listId}-input`}>
        <VisuallyHidden>{t('search.label')}</VisuallyHidden>
      </label>
      <div className={styles.field}>
        <input
          ref={input}
          id={`${listId}-input`}
          className={styles.input}
          type="search"
          name="q"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className={styles.submit}>
          <SearchIcon />
          <VisuallyHidden>{t('search.submit')}</VisuallyHidden>
        </button>
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={styles.list} hidden={!expanded}>
          {expanded &&
            suggestions.map((suggestion, index) => (
              <li
                key={`${suggestion.kind}:${suggestion.text}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Pressing (not releasing) picks it, before the input's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(suggestion);
                }}
                onMouseMove={() => setActive(index)}
              >
                <span className={styles.optionText}>{suggestion.text}</span>
                {suggestion.kind === 'brand' && <span className={styles.kind}>{t('search.brand')}</span>}
              </li>
            ))}
        </ul>
      </div>
      <VisuallyHidden aria-live="polite">{expanded ? t('search.announce', { count: suggestions.length }) : ''}</VisuallyHidden>
    </form>
  );
}

function SearchIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
