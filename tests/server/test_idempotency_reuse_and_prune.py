"""A key is for one request, and its rows are not kept for ever (issue 28's leftovers; server/idempotency.py).

- An ``Idempotency-Key`` sent again with a *different* body is refused (422, in Chinese) and nothing is applied:
  it is neither answered with the first answer (which would silently drop the second request) nor stored as a
  new write. The same holds when the first answer was lost and only the write's own record is left, and for a
  form resent from its page with other values.
- The ``writes`` table is pruned: rows older than the retention (7 days by default, ``--keep-writes-days``) are
  deleted by the store as it writes (at most once an hour per process) and by ``tianting db upgrade``; a retry
  of a pruned write is then a new write. On SQLite and PostgreSQL (the ``client`` fixture's two databases).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, func, insert, select, update

from tests.server.conftest import IDS, started_game
from tests.server.test_idempotent_writes import form_of, seq
from tests.server.test_pages import ppage
from tianting.server.db import engine_for, writes
from tianting.server.idempotency import KEEP_DAYS, REPLAYED, REUSED, REUSED_FORM, prune, stamp


def actions_url(game, pid):
    return f"/api/p/{game['players'][pid]['token']}/actions"


def rows(client) -> int:
    with client.app.state.store.engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(writes)).scalar_one())


# ---- a key reused for another body ---------------------------------------------------------------------------
def test_a_key_sent_again_with_another_body_is_refused_and_changes_nothing(client):
    game = started_game(client)
    url = actions_url(game, IDS[0])
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "one-request-01"})
    assert first.status_code == 200
    before, kept = seq(client, game), rows(client)
    other = {"actions": [{"skill": "刺殺", "targets": [IDS[5]]}]}
    refused = client.post(url, json=other, headers={"Idempotency-Key": "one-request-01"})
    assert refused.status_code == 422 and refused.json() == {"error": REUSED}
    assert REPLAYED not in refused.headers and seq(client, game) == before and rows(client) == kept
    # the first request itself, sent again, is still answered as the first time
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "one-request-01"})
    assert again.status_code == 200 and again.content == first.content and again.headers[REPLAYED] == "true"


def test_after_a_lost_answer_a_key_sent_with_another_body_is_refused_by_the_writes_own_record(client):
    """Killed between the commit and the kept answer: only the write's record (beside its events) is left; it
    keeps the request's fingerprint, so another body under the key is refused there too, and nothing is stored."""
    game = started_game(client)
    url = actions_url(game, IDS[1])
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "lost-then-other"})
    assert first.status_code == 200
    with client.app.state.store.engine.begin() as conn:
        conn.execute(delete(writes).where(writes.c.answer.is_not(None)))
    before = seq(client, game)
    refused = client.post(url, json={"actions": [], "note": "另一個請求"},
                          headers={"Idempotency-Key": "lost-then-other"})
    assert refused.status_code == 422 and refused.json() == {"error": REUSED} and seq(client, game) == before
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "lost-then-other"})
    assert again.status_code == 200 and again.json() == first.json() and seq(client, game) == before


def test_a_form_resent_from_its_page_with_other_values_is_refused_with_a_page_saying_to_reload(client):
    game = started_game(client)
    page = ppage(game, IDS[2])
    fields = form_of(client.get(page).text, 'id="actions-form"')
    fields["none"] = ["1"]
    first = client.post(page + "/actions", data=fields, follow_redirects=False)
    assert first.status_code == 303
    before = seq(client, game)
    changed = {**fields, "none": ["0"]}
    refused = client.post(page + "/actions", data=changed, follow_redirects=False)
    assert refused.status_code == 422 and REUSED_FORM in refused.text and seq(client, game) == before
    fresh = form_of(client.get(page).text, 'id="actions-form"')  # a reloaded page: a new key, taken as a new form
    assert fresh["idem"] != fields["idem"]


def test_a_row_kept_before_fingerprints_still_answers_its_retry(client):
    """Rows written before the fingerprint column (migration 0004) have none: their retries are answered as
    before, whatever the body (nothing to compare with)."""
    game = started_game(client)
    url = actions_url(game, IDS[3])
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "older-row-0001"})
    with client.app.state.store.engine.begin() as conn:
        conn.execute(update(writes).values(request=None))
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "older-row-0001"})
    assert again.status_code == 200 and again.content == first.content and again.headers[REPLAYED] == "true"


# ---- pruning -----------------------------------------------------------------------------------------------
def _old_row(engine, name: str, age: timedelta) -> None:
    with engine.begin() as conn:
        conn.execute(insert(writes).values(key_hash=name.ljust(64, "0"), game_id=None, first_seq=None,
                                           last_seq=None, answer=None, at=stamp(datetime.now(UTC) - age)))


def _kept(engine) -> set[str]:
    with engine.connect() as conn:
        return {k[:8] for k in conn.execute(select(writes.c.key_hash)).scalars()}


def test_prune_deletes_the_rows_older_than_the_retention_and_keeps_the_others(client):
    engine = client.app.state.store.engine
    _old_row(engine, "eightday", timedelta(days=8))
    _old_row(engine, "sevenday", timedelta(days=7, minutes=1))
    _old_row(engine, "sixdays0", timedelta(days=6, hours=23))
    _old_row(engine, "justnow0", timedelta(0))
    assert prune(engine, KEEP_DAYS) == 2
    assert _kept(engine) == {"sixdays0", "justnow0"}
    assert prune(engine, 1) == 1 and _kept(engine) == {"justnow0"}


def test_the_store_prunes_as_it_writes_at_most_once_an_hour(client):
    store = client.app.state.store
    game = started_game(client)  # its writes pruned once already (the first write after the start)
    _old_row(store.engine, "pastweek", timedelta(days=9))
    assert client.post(actions_url(game, IDS[4]), json={"actions": []}).status_code == 200
    assert "pastweek" in _kept(store.engine)  # pruned less than an hour ago: not yet
    store._pruned_at -= 3601  # an hour later
    assert client.post(actions_url(game, IDS[5]), json={"actions": []}).status_code == 200
    assert "pastweek" not in _kept(store.engine)


def test_a_retry_of_a_pruned_write_is_a_new_write(client):
    store = client.app.state.store
    game = started_game(client)
    url = actions_url(game, IDS[6])
    first = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "pruned-retry-1"})
    assert first.status_code == 200
    assert prune(store.engine, KEEP_DAYS, datetime.now(UTC) + timedelta(days=KEEP_DAYS, hours=1)) >= 2
    again = client.post(url, json={"actions": []}, headers={"Idempotency-Key": "pruned-retry-1"})
    assert again.status_code == 200 and REPLAYED not in again.headers
    assert again.json()["seq"] == first.json()["seq"] + 1


def test_db_upgrade_prunes_past_the_retention(db_url, capsys):
    from tianting.cli import main

    args = ["--data", db_url.removeprefix("sqlite:///")] if db_url.startswith("sqlite") else ["--database-url", db_url]
    assert main(["db", "upgrade", *args]) == 0
    capsys.readouterr()
    engine = engine_for(db_url)
    try:
        _old_row(engine, "longago0", timedelta(days=30))
        _old_row(engine, "tendays0", timedelta(days=10))
        _old_row(engine, "recent00", timedelta(days=2))
        assert main(["db", "upgrade", *args, "--keep-writes-days", "14"]) == 0
        assert "清除了1條超過14天的重送記錄" in capsys.readouterr().out
        assert _kept(engine) == {"tendays0", "recent00"}
        assert main(["db", "upgrade", *args]) == 0  # the default: 7 days
        assert "清除了1條超過7天的重送記錄" in capsys.readouterr().out and _kept(engine) == {"recent00"}
    finally:
        engine.dispose()


def test_migration_0004_keeps_the_rows_of_0003_without_a_fingerprint_and_indexes_their_time(db_url):
    from alembic import command
    from sqlalchemy import inspect

    from tianting.server import db
    from tianting.server.store import Store

    engine = db.make_engine(db_url)
    with engine.connect() as conn:
        config = db._alembic_config()
        config.attributes["connection"] = conn
        command.upgrade(config, "0003_writes")
        conn.exec_driver_sql("INSERT INTO writes (key_hash, game_id, first_seq, last_seq, answer, at) "
                             "VALUES ('k1', 'g1', 3, 4, NULL, '2026-12-01T00:00:00+00:00')")
        conn.commit()
    engine.dispose()
    store = Store(db_url)
    try:
        with store.engine.connect() as conn:
            assert conn.execute(select(writes.c.key_hash, writes.c.first_seq, writes.c.request)).all() == \
                [("k1", 3, None)]
            assert "ix_writes_at" in {i["name"] for i in inspect(conn).get_indexes("writes")}
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == db.head_revision()
            conn.rollback()
    finally:
        store.close()
