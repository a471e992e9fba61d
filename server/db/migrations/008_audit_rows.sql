-- The audit tables record what the server saw, not what a client claims.

-- Sign-ins slowed down or refused after repeated failures, stored by the embedded auth for the
-- account's owner to see (server/auth/loginThrottle.ts).
alter table security_events drop constraint if exists security_events_event_type_check;
alter table security_events add constraint security_events_event_type_check check (
  event_type in (
    'LOGIN_SUCCESS', 'LOGIN_FAILED', 'LOGIN_THROTTLED', 'LOGOUT', 'SESSION_REFRESHED',
    'SESSION_TIMEOUT'
  )
);

-- Sign-ins are written by the server as it starts a session; the browser only reads them.
drop policy if exists login_history_insert_own on login_history;
revoke insert on login_history from anon, authenticated;

-- Whatever a future grant opens, and for the events the browser does store: a row the request
-- roles add gets the database's clock and the address the server saw (request.client_ip, which
-- the embedded /rest/v1 sets per transaction), else the fixed loopback placeholder 127.0.0.1.
-- Events only the server knows of (a failed or throttled sign-in) are not the browser's to add.
create function security_events_from_request() returns trigger language plpgsql as $fn$
begin
  if current_user in ('anon', 'authenticated') then
    if new.event_type in ('LOGIN_FAILED', 'LOGIN_THROTTLED') then
      raise exception 'permission denied to store a % event', new.event_type
        using errcode = '42501', hint = 'The auth server stores failed and throttled sign-ins.';
    end if;
    new.timestamp := now();
    new.ip_address := coalesce(nullif(current_setting('request.client_ip', true), ''), '127.0.0.1');
  end if;
  return new;
end
$fn$;

create trigger security_events_from_request before insert on security_events
  for each row execute function security_events_from_request();

create function login_history_from_request() returns trigger language plpgsql as $fn$
begin
  if current_user in ('anon', 'authenticated') then
    new.created_at := now();
    new.ip_address := coalesce(nullif(current_setting('request.client_ip', true), ''), '127.0.0.1');
  end if;
  return new;
end
$fn$;

create trigger login_history_from_request before insert on login_history
  for each row execute function login_history_from_request();
