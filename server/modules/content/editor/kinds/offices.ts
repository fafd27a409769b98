import { asc, eq, inArray } from 'drizzle-orm';
import { offices as table, officeProjects, projects } from '../../../../db/schema/index.ts';
import { byParent, pick, type Binding, type Row } from '../binding.ts';

const fields = ['name', 'address', 'phones', 'email', 'timeZone', 'schedule', 'exceptions', 'meetings', 'published', 'position'] as const;

/** The sales offices (`offices`): their hours (time zone, week, exceptions) and the catalogue's projects each serves. */
export const offices: Binding = {
  table,
  key: table.id,
  scope: null,
  toValues: (row) => ({ ...pick(row, fields), projectIds: ((row.projectIds as Row[] | undefined) ?? []).map((link) => link.projectId) }),
  toRow: (values) => ({ ...pick(values, fields), updatedAt: new Date() }),
  // The projects it serves (`office_projects`, in their order): read and written with the office, so its version,
  // audit entry and revert cover them; the table's `content` data version tells the contacts page.
  children: {
    field: 'projectIds',
    read: async (exec, keys) => {
      if (!keys.length) return new Map();
      const rows = await exec
        .select()
        .from(officeProjects)
        .where(inArray(officeProjects.officeId, keys as number[]))
        .orderBy(asc(officeProjects.officeId), asc(officeProjects.position), asc(officeProjects.projectId));
      return byParent(rows, (row) => row.officeId);
    },
    write: async (tx, key, ids) => {
      const officeId = key as number;
      await tx.delete(officeProjects).where(eq(officeProjects.officeId, officeId));
      const links = (ids as unknown as number[]).map((projectId, position) => ({ officeId, projectId, position }));
      if (links.length) await tx.insert(officeProjects).values(links);
    },
  },
  // The projects are the catalogue's (no foreign key: the catalogue is replaced keeping its ids); one it does not
  // have is named, not kept silently unshown.
  refuse: async (tx, _id, values) => {
    const ids = (values?.projectIds as number[] | undefined) ?? [];
    if (!ids.length) return null;
    const found = new Set((await tx.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids))).map((p) => p.id));
    return ids.every((id) => found.has(id)) ? null : { field: 'projectIds', message: 'unknownProjects' };
  },
};
