/**
 * Time tracking (docs/product.md#time-tracking): staff log time against a project, the entries add
 * up to the project's Hours Used, which the client sees, and a deleted entry takes its hours off.
 */
import { describe, expect, it } from 'vitest';
import { bearer, errorOf, invalidBody, withStaffApi } from './helpers.ts';

const suite = withStaffApi('maria.lopez@agency.test');

async function clientWithProject(json: { estimatedHours?: number; actualHours?: number } = {}) {
  const registered = await suite.api.fresh().client.register.$post({
    json: { name: 'Timed Client', email: `time-${Date.now()}-${Math.random()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const created = await suite.api.http.admin.projects.$post(
    { json: { clientId: client.id, title: 'Shop rebuild', ...json } },
    suite.staff(),
  );
  expect(created.status).toBe(201);
  const project = await created.json();
  return { token, projectId: project.id, created: project };
}

const log = (projectId: string, json: { date: string; hours: number; note?: string }) =>
  suite.api.http.admin.projects[':id']['time-entries'].$post({ param: { id: projectId }, json }, suite.staff());

describe('time entries', () => {
  it('add up to the project’s Hours Used, which the client sees, and a delete takes its hours off', async () => {
    const { token, projectId, created } = await clientWithProject({ estimatedHours: 24 });
    expect(created.actualHours).toBe(0);

    const first = await log(projectId, { date: '2026-11-23', hours: 4, note: 'Homepage layout' });
    expect(first.status).toBe(201);
    const { entry, actualHours } = await first.json();
    expect(entry).toMatchObject({ date: '2026-11-23', hours: 4, note: 'Homepage layout', author: 'Maria Lopez' });
    expect(actualHours).toBe(4);
    const second = await (await log(projectId, { date: '2026-11-24', hours: 2.5 })).json();
    expect(second.actualHours).toBe(6.5);

    const listed = await (
      await suite.api.http.admin.projects[':id']['time-entries'].$get({ param: { id: projectId } }, suite.staff())
    ).json();
    expect(listed.map((e) => [e.date, e.hours])).toEqual([
      ['2026-11-24', 2.5],
      ['2026-11-23', 4],
    ]);
    const mine = await (
      await suite.api.http.client.projects[':projectId'].$get({ param: { projectId } }, bearer(token))
    ).json();
    expect(mine.project).toMatchObject({ actualHours: 6.5, estimatedHours: 24 });

    const removed = await suite.api.http.admin.projects[':id']['time-entries'][':entryId'].$delete(
      { param: { id: projectId, entryId: entry.id } },
      suite.staff(),
    );
    expect(removed.status).toBe(204);
    const project = await (
      await suite.api.http.admin.projects[':id'].$get({ param: { id: projectId } }, suite.staff())
    ).json();
    expect(project.actualHours).toBe(2.5);
    const again = await suite.api.http.admin.projects[':id']['time-entries'][':entryId'].$delete(
      { param: { id: projectId, entryId: entry.id } },
      suite.staff(),
    );
    expect(again.status).toBe(404);
  });

  it.each([
    [{ date: '2026-11-23', hours: 0 }, 'hours', 'Hours must be more than 0'],
    [{ date: '2026-11-23', hours: 24.25 }, 'hours', 'Hours must be 24 or less'],
    [{ date: '2026-11-23', hours: 1.1 }, 'hours', 'Use quarter hours (0.25, 0.5, 0.75)'],
    [{ date: 'yesterday', hours: 1 }, 'date', 'Use a date like 2026-11-21'],
  ])('refuses %j with 422 on %s and writes nothing', async (json, field, message) => {
    const { projectId } = await clientWithProject();
    const refused = await log(projectId, json);
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields?.[field]).toBe(message);
    const project = await (
      await suite.api.http.admin.projects[':id'].$get({ param: { id: projectId } }, suite.staff())
    ).json();
    expect(project.actualHours).toBe(0);
    const listed = await suite.api.http.admin.projects[':id']['time-entries'].$get(
      { param: { id: projectId } },
      suite.staff(),
    );
    expect(await listed.json()).toEqual([]);
  });

  it('answers 404 for a missing project and 422 for a body without hours', async () => {
    expect((await log('no-such-project', { date: '2026-11-23', hours: 1 })).status).toBe(404);
    const { projectId } = await clientWithProject();
    const missing = await suite.api.http.admin.projects[':id']['time-entries'].$post(
      { param: { id: projectId }, json: invalidBody({ date: '2026-11-23' }) },
      suite.staff(),
    );
    expect(missing.status).toBe(422);
  });

  it('lets staff set Hours Used on the project form, and an update without it keeps the sum', async () => {
    const { projectId, created } = await clientWithProject({ actualHours: 3.25 });
    expect(created.actualHours).toBe(3.25);
    await log(projectId, { date: '2026-11-23', hours: 1 });
    const updated = await suite.api.http.admin.projects[':id'].$put(
      { param: { id: projectId }, json: { clientId: created.clientId, title: 'Renamed' } },
      suite.staff(),
    );
    expect((await updated.json()).actualHours).toBe(4.25);
    const refused = await suite.api.http.admin.projects[':id'].$put(
      { param: { id: projectId }, json: { clientId: created.clientId, title: 'Renamed', actualHours: -1 } },
      suite.staff(),
    );
    expect(refused.status).toBe(422);
  });
});
