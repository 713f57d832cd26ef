/*
 * The Kysely view of the database, camelCase (CamelCasePlugin maps to snake_case columns).
 * Kept equal to the migrations by tests/schema.test.ts: a table or column added there
 * must be added here, with `| null` exactly where the column is nullable and
 * `Generated<>` where the database supplies a default.
 */
import type {
  ColumnType,
  Generated,
  GeneratedAlways,
  Insertable,
  Selectable,
  Updateable,
} from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric(10, 2): read as a string with two decimals, written as string or number. */
type Numeric = ColumnType<string, string | number, string | number>;
/** Columns with a database default may be left out of inserts. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DefaultNumeric = ColumnType<string, string | number | undefined, string | number>;
/** date: read as 'yyyy-MM-dd'. */
type DateOnly = ColumnType<string, string, string>;

export interface WorkspacesTable {
  id: GeneratedAlways<number>;
  name: string;
  subdomain: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  logoUrl: string | null;
  subscriptionTier: Generated<string>;
  isActive: Generated<boolean>;
  isDeleted: Generated<boolean>;
  deletedAt: Timestamp | null;
  scheduledDeletionAt: Timestamp | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface UsersTable {
  id: GeneratedAlways<number>;
  email: string;
  passwordHash: string;
  fullName: string;
  phone: string | null;
  profileImageUrl: string | null;
  isActive: Generated<boolean>;
  isAdmin: Generated<boolean>;
  timezone: Generated<string>;
  dateFormat: Generated<string>;
  timeFormat: Generated<string>;
  language: Generated<string>;
  emailNotifications: Generated<boolean>;
  pushNotifications: Generated<boolean>;
  taskReminders: Generated<boolean>;
  projectUpdates: Generated<boolean>;
  teamInvites: Generated<boolean>;
  securityAlerts: Generated<boolean>;
  assignedPersonId: number | null;
  lastLoginAt: Timestamp | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface UserWorkspacesTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  userId: number;
  role: Generated<string>;
  isActive: Generated<boolean>;
  invitedBy: number | null;
  joinedAt: DefaultTimestamp;
}

export interface SessionsTable {
  sid: string;
  sess: ColumnType<unknown, string, string>;
  expire: Timestamp;
  userId: number | null;
}

export interface ActiveSessionsTable {
  id: string;
  sessionSid: string;
  userId: number;
  deviceName: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  location: string | null;
  lastActive: DefaultTimestamp;
  createdAt: DefaultTimestamp;
}

export interface InvitationTokensTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  token: string;
  email: string;
  fullName: string | null;
  role: Generated<string>;
  invitedBy: number | null;
  used: Generated<boolean>;
  usedAt: Timestamp | null;
  /** Set when the sender lost the right to invite (removed, demoted, deactivated). */
  voidedAt: Timestamp | null;
  expiresAt: Timestamp;
  createdAt: DefaultTimestamp;
}

export interface OrganizationsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  industry: string | null;
  status: Generated<string>;
  notes: string | null;
  createdAt: DefaultTimestamp;
}

export interface PersonsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  fullName: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  companyId: number | null;
  assignedUserId: number | null;
  status: Generated<string>;
  notes: string | null;
  lastContact: Timestamp | null;
  createdAt: DefaultTimestamp;
  /** Name, email and phone, lower-cased: what contact search matches (migration 0007). */
  searchText: GeneratedAlways<string>;
}

export interface ClientsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  status: Generated<string>;
  hourlyRate: Numeric | null;
  lastContact: Timestamp | null;
  createdAt: DefaultTimestamp;
}

export interface ProjectsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  name: string;
  description: string | null;
  clientId: number | null;
  status: Generated<string>;
  budgetType: string;
  budgetLimit: Numeric;
  hourlyRate: Numeric;
  totalHours: DefaultNumeric;
  totalAmount: DefaultNumeric;
  assignedUserId: number | null;
  createdAt: DefaultTimestamp;
}

export interface TimeEntriesTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  projectId: number;
  userId: number;
  description: string | null;
  hours: Numeric;
  date: DateOnly;
  isTimer: Generated<boolean>;
  createdAt: DefaultTimestamp;
  /** The invoice that billed this time; null while unbilled. */
  invoiceId: number | null;
}

export interface TimersTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  userId: number;
  projectId: number;
  elapsedSeconds: Generated<number>;
  startedAt: Timestamp | null;
  createdAt: DefaultTimestamp;
}

export interface ProposalsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  title: string;
  clientName: string;
  description: string;
  amount: Numeric;
  status: Generated<string>;
  dueDate: DateOnly | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface StagesTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  key: string;
  label: string;
  color: Generated<string>;
  sortOrder: Generated<number>;
  isSystemStage: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface LeadsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  dealName: string;
  personId: number | null;
  companyId: number | null;
  stage: Generated<string>;
  value: DefaultNumeric;
  description: string | null;
  assignedUserId: number | null;
  probability: Generated<number>;
  closeDate: DateOnly | null;
  lastContact: Timestamp | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface InvoicesTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  clientId: number;
  projectId: number | null;
  invoiceNumber: string;
  amount: Numeric;
  status: Generated<string>;
  dueDate: DateOnly | null;
  paidDate: DateOnly | null;
  createdAt: DefaultTimestamp;
}

export interface TasksTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  projectId: number | null;
  title: string;
  description: string | null;
  assignedUserId: number | null;
  completed: Generated<boolean>;
  dueDate: DateOnly | null;
  createdAt: DefaultTimestamp;
}

export interface TagsTable {
  id: GeneratedAlways<number>;
  workspaceId: number;
  name: string;
  color: Generated<string>;
  createdAt: DefaultTimestamp;
}

export interface ContactTagsTable {
  workspaceId: number;
  personId: number;
  tagId: number;
  createdAt: DefaultTimestamp;
}

export interface ActivityLogsTable {
  id: GeneratedAlways<number>;
  userId: number | null;
  workspaceId: number | null;
  action: string;
  details: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  success: Generated<boolean>;
  createdAt: DefaultTimestamp;
}

export interface FilesTable {
  id: GeneratedAlways<number>;
  key: string;
  ownerUserId: number | null;
  workspaceId: number | null;
  purpose: string;
  contentType: string;
  size: number;
  data: Uint8Array;
  createdAt: DefaultTimestamp;
}

export interface ApiTokensTable {
  id: GeneratedAlways<number>;
  userId: number;
  name: string;
  tokenHash: string;
  /** The first characters of the token, to recognise it in the list. */
  prefix: string;
  lastUsedAt: Timestamp | null;
  expiresAt: Timestamp;
  /** 'read' (queries only) or 'read_write'. */
  scope: Generated<string>;
  createdAt: DefaultTimestamp;
}

/** Attempt counters shared by every server (sign-in, sign-up, password checks). */
export interface RateLimitsTable {
  key: string;
  count: number;
  resetAt: Timestamp;
}

/** Which rows of an imported file created which contact (a retried file skips them). */
export interface ContactImportRowsTable {
  workspaceId: number;
  importId: string;
  rowNumber: number;
  personId: number;
  createdAt: DefaultTimestamp;
}

export interface DB {
  workspaces: WorkspacesTable;
  users: UsersTable;
  userWorkspaces: UserWorkspacesTable;
  sessions: SessionsTable;
  activeSessions: ActiveSessionsTable;
  invitationTokens: InvitationTokensTable;
  organizations: OrganizationsTable;
  persons: PersonsTable;
  clients: ClientsTable;
  projects: ProjectsTable;
  timeEntries: TimeEntriesTable;
  stages: StagesTable;
  leads: LeadsTable;
  invoices: InvoicesTable;
  tasks: TasksTable;
  tags: TagsTable;
  contactTags: ContactTagsTable;
  activityLogs: ActivityLogsTable;
  files: FilesTable;
  timers: TimersTable;
  proposals: ProposalsTable;
  apiTokens: ApiTokensTable;
  rateLimits: RateLimitsTable;
  contactImportRows: ContactImportRowsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type WorkspaceRow = Selectable<WorkspacesTable>;
