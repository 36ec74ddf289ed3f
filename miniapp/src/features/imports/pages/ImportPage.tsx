// /projects/:id/import (issue 17): choose a format and a file, map the CSV's columns and the people
// the file names, see the dry run, then start the import (its own page shows progress and report).
import type { UserRef } from '@tracker/shared/api/common';
import type { ImportFormat, ImportPreview } from '@tracker/shared/api/imports';
import type { ProjectDetailResponse } from '@tracker/shared/api/projects';
import { canInProject } from '@tracker/shared/permissions';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { FailureAlert, FormAlert } from '../../../components/FormAlert.tsx';
import { Page } from '../../../components/Page.tsx';
import { refusalOf } from '../../../lib/error-text.ts';
import { useHref } from '../../../lib/use-locale.ts';
import { useMe } from '../../../lib/auth.ts';
import { useQuery } from '../../../lib/query.ts';
import { useServerAction } from '../../../lib/use-server-action.ts';
import { RecordPage } from '../../../components/RecordPage.tsx';
import { importsApi } from '../api.ts';
import { MappingStep } from '../components/MappingStep.tsx';
import { PreviewView } from '../components/PreviewView.tsx';
import { RecentImports } from '../components/RecentImports.tsx';
import { UserMapping } from '../components/UserMapping.tsx';
import '../imports.css';

export default function ImportPage() {
  return (
    <RecordPage name="projectImport" className="imports" load={importsApi.project}>
      {(detail) => <ImportSetup detail={detail} />}
    </RecordPage>
  );
}

function ImportSetup({ detail }: { detail: ProjectDetailResponse }) {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const me = useMe();
  const id = useId();
  const { project } = detail;
  // Asked only of those who may import (a viewer's page would log a refused request).
  const may = me ? canInProject(project.myRole, me.roles, 'project.import') : null;
  // Asked on each visit: imports run on in the background.
  const recent = useQuery(may ? ['imports', 'list', project.id] : null, () => importsApi.list(project.id), { freshMs: 0 });
  const formats = recent.data?.formats ?? ['csv'];
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [people, setPeople] = useState<Record<string, UserRef | null>>({});
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  // The dry run and the start: one pending flag and the refusal's words, as a form's.
  const action = useServerAction();
  const busy = action.pending;
  const allowed = may !== false;

  const reset = () => {
    setColumns(null);
    setMapping({});
    setPeople({});
    setPreview(null);
    action.clearError();
  };

  function send(dryRun: boolean) {
    if (!file) return;
    void action.run(async () => {
      const userMapping = Object.fromEntries(Object.entries(people).map(([name, u]) => [name, u ? u.id : null]));
      const body = { columns: format === 'csv' && Object.keys(mapping).length ? mapping : undefined, userMapping };
      try {
        const { import: created } = await importsApi.create(project.id, { file, format, mapping: body, dryRun });
        if (!dryRun) {
          navigate(href('projectImportRun', { id: project.key, importId: created.id }));
          return;
        }
        setPreview(created.preview ?? null);
        if (created.preview?.columns) setColumns(created.preview.columns);
        if (created.preview?.mapping) setMapping(created.preview.mapping);
      } catch (err) {
        setPreview(null);
        // A CSV refused for its missing title column names its header: the mapping step can still be offered.
        const header = refusalOf(err)?.data.columns;
        if (Array.isArray(header)) setColumns(header as string[]);
        throw err;
      }
    });
  }

  return (
    <Page name="projectImport" className="imports">
      <p>
        <Link href={href('project', { id: project.key })}>{t('imports.back', { key: project.key })}</Link>
      </p>
      {!allowed ? (
        <FailureAlert textKey="errors.codes.forbidden" />
      ) : (
        <form
          className="imp-form"
          onSubmit={(e) => {
            e.preventDefault();
            send(true);
          }}
        >
          <p className="hint">{t('imports.intro')}</p>
          <div className="field">
            <label htmlFor={`${id}-format`}>{t('imports.format')}</label>
            <select id={`${id}-format`} value={format} data-testid="import-format" onChange={(e) => (setFormat(e.target.value as ImportFormat), reset())}>
              {formats.map((f) => (
                <option key={f} value={f}>
                  {t(`imports.formats.${f}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label id={`${id}-file-label`} htmlFor={`${id}-file`}>
              {t('imports.file')}
            </label>
            <FilePicker
              id={`${id}-file`}
              labelledBy={`${id}-file-label`}
              accept=".csv,.tsv,.txt,.json,text/csv,application/json"
              showName
              testId="import-file"
              onFiles={([chosen]) => (setFile(chosen ?? null), reset())}
            />
          </div>
          {columns && format === 'csv' && <MappingStep columns={columns} mapping={mapping} onChange={setMapping} disabled={busy} />}
          {preview && <UserMapping unmatched={preview.unmatchedUsers} chosen={people} onChange={setPeople} />}
          <FormAlert message={action.error} />
          <div className="imp-actions">
            <Button type="submit" disabled={!file || busy} data-testid="import-preview-button">
              {preview || columns ? t('imports.updatePreview') : t('imports.preview')}
            </Button>
            {preview && (
              <Button variant="primary" disabled={busy || !project || !!project.archivedAt} data-testid="import-start" onClick={() => send(false)}>
                {busy ? t('imports.starting') : t('imports.start')}
              </Button>
            )}
          </div>
          {preview && <PreviewView preview={preview} />}
        </form>
      )}
      {allowed && recent.data && <RecentImports projectKey={project.key} imports={recent.data.imports} />}
    </Page>
  );
}
