// The package's library entry (`import … from 'citation-auditor'`, docs/library.md): the whole
// public API, and nothing else. Names not exported here are internal and may change in any release.
export { auditCase, parseCase, parseDataset, renderReport } from './audit';
export type { AuditOptions, CaseParse, DatasetParse, ReportFormat } from './audit';
export { judgeCase, JudgeError } from './judge';
export type { AnthropicJudgeOptions, JudgeOptions, JudgeProgress, OpenAIJudgeOptions } from './judge';
export { TOOL_VERSION as version } from '../core/types';
export type {
  AuditCase,
  Chunk,
  Citation,
  Dimension,
  Finding,
  Language,
  ParseError,
  Report,
  ReportClaim,
  RepeatRule,
  RequiredStyle,
  ReportUsage,
  Stability,
  Scores,
  Status,
  Verdict,
} from '../core/types';
