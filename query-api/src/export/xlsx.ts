import type { AnswerTable, Cell } from '@tradelog/schemas/queries/answerTable';
import { zipOf } from './zip.ts';

/**
 * A table as an Excel workbook (Office Open XML SpreadsheetML, ECMA-376 Part 1 §18): one sheet,
 * the header row bold and frozen, text as inline strings (never a formula), numbers and
 * booleans typed. Ours rather than a library's: the sheet is a few lines of XML in a zip
 * (query-api/README.md "Exports").
 */
export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function xlsxOf(table: AnswerTable, sheetName = 'answer'): Buffer {
  const file = (name: string, xml: string) => ({ name, data: Buffer.from(xml, 'utf8') });
  return zipOf([
    file('[Content_Types].xml', contentTypes),
    file('_rels/.rels', packageRels),
    file('xl/workbook.xml', workbook(sheetName)),
    file('xl/_rels/workbook.xml.rels', workbookRels),
    file('xl/styles.xml', styles),
    file('xl/worksheets/sheet1.xml', worksheet(table)),
  ]);
}

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

const contentTypes = `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const packageRels = `${xmlHead}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels = `${xmlHead}<Relationships xmlns="${packageRelNs}"><Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relNs}/styles" Target="styles.xml"/></Relationships>`;

// Style 0: plain; style 1: bold (the header row).
const styles = `${xmlHead}<styleSheet xmlns="${mainNs}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

/** Sheet names: at most 31 characters, none of \ / ? * [ ] : (ECMA-376 §18.2.19). */
const sheetNameOf = (name: string) => name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'answer';

const workbook = (sheetName: string) =>
  `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets><sheet name="${escapeXml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

function worksheet(table: AnswerTable): string {
  const rows = [table.columns as Cell[], ...table.rows].map((cells, index) => {
    const rowNumber = index + 1;
    const style = index === 0 ? ' s="1"' : '';
    const body = cells
      .map((cell, column) => cellXml(`${columnName(column)}${rowNumber}`, cell, style))
      .join('');
    return `<row r="${rowNumber}">${body}</row>`;
  });
  const frozen =
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
  return `${xmlHead}<worksheet xmlns="${mainNs}">${frozen}<sheetData>${rows.join('')}</sheetData></worksheet>`;
}

function cellXml(ref: string, cell: Cell, style: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return `<c r="${ref}"${style}><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}"${style} t="b"><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
}

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** What XML 1.0 cannot hold: control characters other than tab, LF, CR; U+FFFE, U+FFFF; lone surrogates. */
const notXmlCharacter =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what is removed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes markup and drops what XML cannot hold. */
function escapeXml(text: string): string {
  return text
    .replace(notXmlCharacter, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
