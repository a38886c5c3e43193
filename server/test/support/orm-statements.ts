// Which statements the ORM built. It names what it reads by quoted aliases ("c0".*) and the
// tables it writes quoted (insert into "companies"); the server's own statements, which the
// API's writes send (DECISIONS 390-395, 416), name tables unquoted.
const BUILT_BY_THE_ORM = /"[a-z]\d+"\.|(insert into|update|delete from) "/;

export const builtByTheOrm = (statements: string[]) =>
  statements.filter((statement) => BUILT_BY_THE_ORM.test(statement));
