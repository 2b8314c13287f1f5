/**
 * Reading an import file in the browser (xlsx or csv) into rows of text cells, for the customer and
 * cylinder imports; ExcelJS loads only when an xlsx is chosen.
 */

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF; blank lines dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((x) => x.trim() !== ''));
}

/** The first worksheet of an xlsx, or a csv file, as text cells (the first row holds the titles). */
export async function readSheet(file: File): Promise<string[][]> {
  if (/\.csv$/i.test(file.name)) return parseCsv((await file.text()).replace(/^\uFEFF/, ''));
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await file.arrayBuffer());
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws?.eachRow({ includeEmpty: false }, (r) => {
    const values: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) {
      const cell = r.getCell(c);
      // Dates come as Date values: the calendar day as typed (ExcelJS reads them as UTC midnight).
      values.push(cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : (cell.text ?? ''));
    }
    out.push(values);
  });
  return out;
}
