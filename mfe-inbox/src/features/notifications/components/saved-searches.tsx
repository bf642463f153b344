import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SavedSearch } from '@phonehaat/shared-api';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, ConfirmDialog, EmptyState, TextField, buttonClass, notify } from '@phonehaat/shared-ui';
import { deleteSavedSearch, renameSavedSearch } from '../api/saved-searches';
import { useT } from '../i18n';
import list from './notification-list.module.css';
import styles from './saved-searches.module.css';

/** The person's saved searches: open one (the search as it was saved), rename it, delete it. */
export function SavedSearches({ searches, onChange }: { searches: SavedSearch[]; onChange(next: SavedSearch[]): void }) {
  const t = useT();
  const [renaming, setRenaming] = useState<SavedSearch>();
  const [deleting, setDeleting] = useState<SavedSearch>();
  const deletion = useAction(deleteSavedSearch);
  const failed = (error: unknown) => notify.error(error instanceof ApiRequestError ? error.message : String(error));

  if (searches.length === 0)
    return (
      <EmptyState
        title={t('searches.emptyTitle')}
        message={t('searches.empty')}
        action={
          <Link className={buttonClass('primary')} to={paths.search()}>
            {t('searches.find')}
          </Link>
        }
      />
    );
  const remove = async () => {
    if (!deleting) return;
    try {
      await deletion.run(deleting._id);
      onChange(searches.filter((search) => search._id !== deleting._id));
      setDeleting(undefined);
    } catch (error) {
      failed(error);
    }
  };
  return (
    <>
      <ul className={list.list} aria-label={t('searches.label')}>
        {searches.map((search) => (
          <li key={search._id} className={styles.row}>
            {renaming?._id === search._id ? (
              <RenameForm search={search} onDone={(renamed) => (renamed && onChange(searches.map((s) => (s._id === renamed._id ? renamed : s))), setRenaming(undefined))} />
            ) : (
              <>
                <Link className={styles.name} to={paths.search(new URLSearchParams(search.query))} translate="no">
                  {search.name}
                </Link>
                <span className={styles.buttons}>
                  <Button variant="ghost" size="sm" onClick={() => setRenaming(search)} aria-label={t('searches.renameOne', { name: search.name })}>
                    {t('searches.rename')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setDeleting(search)} aria-label={t('searches.deleteOne', { name: search.name })}>
                    {t('searches.delete')}
                  </Button>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={t('searches.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('searches.deleteMessage')}
        confirmLabel={t('searches.delete')}
        cancelLabel={t('searches.cancel')}
        danger
        busy={deletion.busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(undefined)}
      />
    </>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone(renamed?: SavedSearch): void }) {
  const t = useT();
  const [name, setName] = useState(search.name);
  const [problem, setProblem] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      onDone(await renameSavedSearch(search._id, name.trim()));
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : String(error));
    }
  };
  return (
    <form className={styles.rename} onSubmit={(event) => void submit(event)} noValidate>
      <TextField label={t('searches.newName')} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} error={problem} autoFocus />
      <span className={styles.buttons}>
        <Button type="submit" size="sm">
          {t('searches.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onDone()}>
          {t('searches.cancel')}
        </Button>
      </span>
    </form>
  );
}
