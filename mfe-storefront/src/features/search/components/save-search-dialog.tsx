import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@phonehaat/shared-auth';
import { ApiRequestError, useAction } from '@phonehaat/shared-data';
import { Button, Modal, TextField, notify } from '@phonehaat/shared-ui';
import { saveSearch } from '../api/save-search';
import form from '../../../components/dialog-form.module.css';
import { useT } from '../i18n';

/** "Save this search": a name (the words, to start with), then new phones that match are notified. */
export function SaveSearchDialog({ query, suggestedName, onClose }: { query: string; suggestedName: string; onClose(): void }) {
  const t = useT();
  const [name, setName] = useState(suggestedName);
  const [problem, setProblem] = useState<string>();
  const saving = useAction(saveSearch);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    try {
      await saving.run({ name: name.trim(), query });
      notify.success(t('save.done'));
      setSaved(true);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : t('save.failed'));
    }
  };

  return (
    <Modal open onClose={onClose} title={t('save.title')}>
      {saved ? (
        <div className={form.form}>
          <p role="status">{t('save.explain')}</p>
          <div className={form.actions}>
            <Link to={paths.savedSearches}>{t('save.manage')}</Link>
            <Button onClick={onClose}>{t('save.close')}</Button>
          </div>
        </div>
      ) : (
        <form className={form.form} onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={t('save.name')} value={name} maxLength={60} required onChange={(event) => setName(event.target.value)} hint={t('save.hint')} />
          {problem && (
            <p className={form.problem} role="alert">
              {problem}
            </p>
          )}
          <div className={form.actions}>
            <Button variant="secondary" onClick={onClose}>
              {t('save.cancel')}
            </Button>
            <Button type="submit" loading={saving.busy}>
              {t('save.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
