import { defineEntity, p } from '@mikro-orm/core';

// Foreign keys are plain integer columns: list queries are hand-written SQL (see
// issues/issue-list.repository.ts), and entities stay small for the writes.
const ProjectSchema = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: p.integer().primary().autoincrement(),
    key: p.string().length(10).unique(),
    name: p.string().length(100),
    description: p.text().default(''),
    color: p.string().length(7).default('#3b82f6'),
    icon: p.string().length(32).nullable(),
    leadId: p.integer().nullable(),
    visibility: p.string().length(10).default('members'),
    issueCounter: p.integer().default(0),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class Project extends ProjectSchema.class {}
ProjectSchema.setClass(Project);

const ProjectMemberSchema = defineEntity({
  name: 'ProjectMember',
  tableName: 'project_members',
  properties: {
    projectId: p.integer().primary(),
    userId: p.integer().primary(),
    role: p.string().length(10),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ProjectMember extends ProjectMemberSchema.class {}
ProjectMemberSchema.setClass(ProjectMember);

const StatusSchema = defineEntity({
  name: 'Status',
  tableName: 'statuses',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    name: p.string().length(50),
    category: p.string().length(10),
    color: p.string().length(7).default('#94a3b8'),
    position: p.integer().default(0),
    waiting: p.boolean().default(false),
  },
});
export class Status extends StatusSchema.class {}
StatusSchema.setClass(Status);

const LabelSchema = defineEntity({
  name: 'Label',
  tableName: 'labels',
  properties: {
    id: p.integer().primary().autoincrement(),
    projectId: p.integer(),
    name: p.string().length(50),
    color: p.string().length(7).default('#64748b'),
  },
});
export class Label extends LabelSchema.class {}
LabelSchema.setClass(Label);

export { LabelSchema, ProjectMemberSchema, ProjectSchema, StatusSchema };
