import { documentTypes } from '@tradelog/schemas/documents/catalogue';
import { useDict, useLocale } from '../app/state.ts';
import { pick } from '../i18n/i18n.ts';
import { FormError } from '../layout/FormError.tsx';
import { RefTable } from '../layout/RefTable.tsx';
import { AccountsPanel } from './AccountsPanel.tsx';
import { AuditPanel } from './AuditPanel.tsx';
import { DeadLetterPanel, DeadLetterPayload } from './DeadLetterPanel.tsx';
import { LeadsPanel } from './LeadsPanel.tsx';
import { PipelineCharts } from './PipelineCharts.tsx';
import { ProjectionList } from './ProjectionList.tsx';
import { RecordBrowser } from './RecordBrowser.tsx';
import { useOperatorConsole } from './useOperatorConsole.ts';

/** The operator's tab: a plain list of its sections, in the order the page shows them. */
export function OperatorConsole(props: { apiKey: string }) {
  const t = useDict();
  const operator = useOperatorConsole(props.apiKey);
  const { projections, letters } = operator;
  return (
    <section>
      <h2>{t.console.operator.title}</h2>
      {operator.error && <FormError>{operator.error}</FormError>}
      <PipelineCharts apiKey={props.apiKey} />
      <ProjectionList
        declared={projections.declared}
        versions={projections.versions}
        rebuild={(name, method, body) => void projections.rebuild(name, method, body)}
      />
      <DeadLetterPanel
        letters={letters.letters}
        letterState={letters.letterState}
        setLetterState={letters.setLetterState}
        bulkResult={letters.bulkResult}
        selected={letters.selected}
        toggle={letters.toggle}
        bulk={(action) => void letters.bulk(action)}
        view={(id) => void letters.view(id)}
        retry={(id) => void letters.retry(id)}
      />
      {letters.viewed && <DeadLetterPayload viewed={letters.viewed} />}
      <RecordBrowser apiKey={props.apiKey} />
      <AccountsPanel apiKey={props.apiKey} onChange={operator.bumpActed} />
      <AuditPanel apiKey={props.apiKey} version={operator.acted} />
      <LeadsPanel apiKey={props.apiKey} />
      <TopicTable />
    </section>
  );
}

/** The documents' topics as the catalogue declares them: partitions and the key they are keyed by. */
function TopicTable() {
  const t = useDict();
  const locale = useLocale();
  return (
    <>
      <h3>{t.console.ops.topics}</h3>
      <RefTable columns={[t.docs.topic, t.console.partner.type, t.docs.partitions, t.docs.keyField]}>
        {documentTypes.map((type) => (
          <tr key={type.id}>
            <th scope="row">
              <code>{type.topic}</code>
            </th>
            <td>{pick(type.title, locale)}</td>
            <td>{type.partitions}</td>
            <td>
              <code>{type.keyField}</code>
            </td>
          </tr>
        ))}
      </RefTable>
    </>
  );
}
