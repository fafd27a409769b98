import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/users';
import { STAFF_ROLES, type StaffRole } from '#core/admin/roles.ts';
import { ApiError } from '#core/http/client.ts';
import { requireStaffPage } from '#app/lib/admin.server.ts';
import { appContext } from '#app/lib/context.server.ts';
import { useAdminT } from '#app/lib/admin-i18n.tsx';
import { useApi } from '#app/lib/api.ts';
import { AdminTitle, Notice, TableScroll } from '#app/components/admin/shell.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { SelectField, TextField } from '#app/components/ui/field.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'users');
  const { staff } = context.get(appContext);
  const users = await staff.list();
  // Each member's failed sign-ins still counting (ADR 038): what tells an administrator a wait may need lifting.
  const failures = await Promise.all(users.map((u) => staff.throttle.accountFailures(u.email, u.id)));
  return { me: me.id, users: users.map((u, i) => ({ ...u, createdAt: u.createdAt.toISOString(), failures: failures[i]! })) };
}

/**
 * Staff accounts (administrators only): create, change role, disable or enable, reset the second factor, lift the
 * sign-in wait of a member whose failures still count, end a member's sessions (ADR 038).
 */
export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const t = useAdminT();
  const api = useApi();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));

  async function call<T>(path: string, method: 'POST' | 'PATCH', body: unknown, done: string | ((answer: T) => string)) {
    setNotice(null);
    try {
      const answer = await api<T>(path, { method, body });
      setNotice({ tone: 'ok', text: typeof done === 'string' ? done : done(answer) });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      const errors = error instanceof ApiError ? (error.data as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      setNotice({ tone: 'error', text: errors ? Object.values(errors).flat().join(' ') : t('error.text') });
      return false;
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      email: String(data.get('email')),
      name: String(data.get('name') ?? ''),
      role: String(data.get('role')),
      password: String(data.get('password')),
    };
    if (await call('/api/admin/users/', 'POST', body, t('users.created'))) form.reset();
  }

  return (
    <section>
      <AdminTitle>{t('users.title')}</AdminTitle>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <TableScroll>
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-2">
                {t('users.email')}
              </th>
              <th scope="col" className="p-2">
                {t('users.name')}
              </th>
              <th scope="col" className="p-2">
                {t('users.role')}
              </th>
              <th scope="col" className="p-2">
                {t('users.state')}
              </th>
              <th scope="col" className="p-2">
                {t('users.totp')}
              </th>
              <th scope="col" className="p-2">
                {t('users.failures')}
              </th>
              <th scope="col" className="p-2">
                {t('users.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.users.map((user) => (
              <tr key={user.id} className="border-b border-line align-top">
                <th scope="row" className="p-2 font-normal">
                  {user.email}
                </th>
                <td className="p-2">{user.name}</td>
                <td className="p-2">
                  {user.id === loaderData.me ? (
                    t(`roles.${user.role}`)
                  ) : (
                    <SelectField
                      label={t('users.changeRole', { email: user.email })}
                      className="[&_label]:sr-only"
                      options={roleOptions}
                      value={user.role}
                      onChange={(event) => void call(`/api/admin/users/${user.id}/`, 'PATCH', { role: event.target.value as StaffRole }, t('users.saved'))}
                    />
                  )}
                </td>
                <td className="p-2">{user.disabled ? t('users.disabled') : t('users.active')}</td>
                <td className="p-2">{user.twoFactorEnabled ? t('users.yes') : t('users.no')}</td>
                <td className="p-2 tabular-nums">{user.failures}</td>
                <td className="flex flex-wrap gap-2 p-2">
                  {user.id === loaderData.me ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${user.disabled ? t('users.enable') : t('users.disable')}: ${user.email}`}
                      onClick={() => void call(`/api/admin/users/${user.id}/`, 'PATCH', { disabled: !user.disabled }, t('users.saved'))}
                    >
                      {user.disabled ? t('users.enable') : t('users.disable')}
                    </Button>
                  )}
                  {user.twoFactorEnabled ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('users.resetTotp')}: ${user.email}`}
                      onClick={() => void call(`/api/admin/users/${user.id}/reset-totp/`, 'POST', undefined, t('users.saved'))}
                    >
                      {t('users.resetTotp')}
                    </Button>
                  ) : null}
                  {user.failures > 0 ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('users.unlock')}: ${user.email}`}
                      onClick={() => void call(`/api/admin/users/${user.id}/unlock/`, 'POST', undefined, t('users.unlocked', { email: user.email }))}
                    >
                      {t('users.unlock')}
                    </Button>
                  ) : null}
                  {user.id === loaderData.me ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${t('users.revoke')}: ${user.email}`}
                      onClick={() =>
                        void call<{ revoked: number }>(`/api/admin/users/${user.id}/revoke-sessions/`, 'POST', undefined, (answer) =>
                          t('users.revoked', { email: user.email, count: answer.revoked }),
                        )
                      }
                    >
                      {t('users.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <h2 className="mt-8 mb-3 text-xl font-semibold">{t('users.create')}</h2>
      <form onSubmit={create} className="grid max-w-xl gap-4">
        <TextField label={t('users.email')} name="email" type="email" required autoComplete="off" />
        <TextField label={t('users.name')} name="name" autoComplete="off" />
        <SelectField label={t('users.role')} name="role" options={roleOptions} defaultValue="sales" />
        <TextField label={t('users.password')} name="password" type="password" minLength={12} required autoComplete="new-password" />
        <Button type="submit">{t('users.add')}</Button>
      </form>
    </section>
  );
}
