import { NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS, type NotificationKind } from '@jala/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';
import { PUSH_TEXTS } from '@/lib/push';

import { notificationKeys, preferencesQuery, savePreferences, sendTestPush } from '../api/notifications-api';
import { useDevicePush } from '../hooks/use-device-push';

export interface NotificationsSectionProps {
  /** Which profile shows it: the kinds that concern that role (and SOS alerts for operators). */
  role: 'passenger' | 'driver';
  isOperator?: boolean;
}

function kindsFor(role: 'passenger' | 'driver', isOperator: boolean): NotificationKind[] {
  return NOTIFICATION_KIND_NAMES.filter((kind) => {
    const { audience } = NOTIFICATION_KINDS[kind];
    return audience === 'both' || audience === role || (audience === 'operator' && isOperator);
  });
}

/** An on/off switch: the whole row is the touch target (the native checkbox stays for keyboard and screen readers). */
function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="nt-switch">
      <input
        type="checkbox"
        role="switch"
        className="nt-switch__input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="nt-switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

/** Why this device cannot receive notifications, in Spanish, or null when it can. */
function blocker(state: ReturnType<typeof useDevicePush>['state']): string | null {
  if (!state) return null;
  if (state.support === 'unsupported') return PUSH_TEXTS.unsupported;
  if (state.support === 'blocked') return PUSH_TEXTS.blocked;
  if (state.permission === 'denied') return PUSH_TEXTS.denied;
  if (state.support === 'no-worker') return PUSH_TEXTS.noWorker;
  return null;
}

/**
 * 'Notificaciones' in both profiles: this device on or off (the permission is asked on that tap), each
 * kind on or off for the account (every device), and 'Probar notificación'.
 */
export function NotificationsSection({ role, isOperator = false }: NotificationsSectionProps) {
  const queryClient = useQueryClient();
  const device = useDevicePush();
  const preferences = useQuery(preferencesQuery);
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  });
  const test = useMutation({ mutationFn: sendTestPush });
  const subscribed = device.state?.subscribed === true;
  const why = blocker(device.state);

  return (
    <section className="card nt-section" aria-labelledby="nt-title">
      <h2 id="nt-title" className="section-title">
        Notificaciones
      </h2>
      <p className="section-note">Te avisamos aunque tengas el celular bloqueado o estés en otra aplicación.</p>
      {why && (
        <p className="nt-note" role="status">
          {why}
        </p>
      )}
      <Switch
        label="Recibir notificaciones en este dispositivo"
        checked={subscribed}
        disabled={device.busy || device.state?.support === 'unsupported' || device.state?.support === 'blocked'}
        onChange={() => (subscribed ? device.disable() : device.enable())}
      />
      <InlineError message={device.error} />

      <fieldset className="nt-kinds" disabled={save.isPending || !preferences.data}>
        <legend>
          Qué quieres recibir <span className="section-note">(en todos tus dispositivos)</span>
        </legend>
        {kindsFor(role, isOperator).map((kind) => (
          <Switch
            key={kind}
            label={NOTIFICATION_KINDS[kind].label}
            checked={preferences.data?.[kind] ?? true}
            onChange={(checked) => save.mutate({ [kind]: checked })}
          />
        ))}
      </fieldset>
      <InlineError
        message={preferences.error ? errorMessage(preferences.error) : save.error ? errorMessage(save.error) : null}
      />

      <Button variant="ghost" block disabled={!subscribed || test.isPending} onClick={() => test.mutate()}>
        {test.isPending ? 'Enviando…' : 'Probar notificación'}
      </Button>
      {test.data && (
        <p className="section-note" role="status">
          {test.data.message}
        </p>
      )}
      <InlineError message={test.error ? errorMessage(test.error) : null} />
    </section>
  );
}
