/** The refusal of an inboard older than its database's schema, naming both versions (either engine). */
export function newerSchemaWords(current: number, latest: number): string {
  return (
    `the database's schema is version ${current}, newer than this inboard's ${latest}: ` +
    'a newer inboard has upgraded it; run that version (or a newer one) here too. Nothing was changed'
  );
}
