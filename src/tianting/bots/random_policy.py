"""The uniformly random legal policy: every choice drawn from what the view allows.

Uniform "as far as is practical": each usable skill is used tonight with
probability :data:`ACT_CHANCE`, in a random order; a use is drawn uniformly
among the well-formed actions the skill's public form allows (how many
targets, which ids, whether they may repeat, the values of its arguments)
and kept only if the rules accept it (:meth:`Offer.check`). Drawing until
one is accepted (rejection sampling) leaves every legal use equally likely;
after :data:`TRIES` refusals the skill is left unused tonight. Votes are
uniform over the living (oneself included: a vote for oneself is the rules'
abstention), answers uniform over the options.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tianting.bots.policy import WHOLE_SKILL_REFUSALS, Offer, reads_only, register
from tianting.core.records import Action, make_action
from tianting.rules import load as load_rules

RULES = load_rules("kk33")
"""The rule set whose views these policies read (KK 3.3's)."""
COUNTRIES, IDENTITIES, OTHERS = RULES.countries, RULES.identities, RULES.others

ACT_CHANCE = 0.7
"""How often a usable skill is used on a given night."""
TRIES = 24
"""Draws per skill and night before giving up on it (each refused draw costs one check)."""
ARG_COUNTRIES = (*COUNTRIES, OTHERS, "晉")
"""Countries an argument may name: the four sides and 晉 (三分歸晉; 神算 may guess it). A skill
that does not take one refuses it and the draw is made again."""
MAX_GUESSES = 3
"""詩想: at most this many guesses in one use."""
FORMS_LIMIT = 4096
"""Rows (and lists of rows) whose :func:`row_form` (:func:`usable_rows`) this process keeps at most: past
it, all are forgotten (a study meets new rows without an end; a forgotten one is read again, the same)."""
_RANDBELOW = random.Random._randbelow_with_getrandbits
"""The ``_randbelow`` of a plain generator (and of subclasses keeping ``getrandbits``): the one
:func:`try_submit` and :func:`shuffle` inline."""
_SHUFFLE = random.Random.shuffle
_CHOICE = random.Random.choice
_TAKE = Offer.take
"""``Offer.take``, which :func:`try_submit` inlines for an offer that does not override it."""


def target_pool(view: dict[str, Any], dead: bool) -> list[str]:
    """The ids that are out (``dead``) or still in the game, in seat order."""
    return [p["id"] for p in view["players"] if p["out"] == dead]


@cache
def guessable_skills() -> tuple[str, ...]:
    """Skills 詩想 may name (active and *全* character skills, passive ones of more than two
    characters): public rule text, read from the roster."""
    names: dict[str, None] = {}
    for character in RULES.roster().characters.values():
        for s in character.skills:
            if s.kind in ("active", "global") or (s.kind == "passive" and len(s.name) != 2):
                names[s.name] = None
    return tuple(names)


def random_arg(view: dict[str, Any], key: str, rng: random.Random) -> Any:
    """A random value for the argument ``key`` of a skill's form."""
    if key == "country":
        return rng.choice(ARG_COUNTRIES)
    if key == "identity":
        return rng.choice(IDENTITIES)
    if key == "guess":
        return {"country": rng.choice(ARG_COUNTRIES), "identity": rng.choice(IDENTITIES)}
    if key == "guesses":
        others = [p["id"] for p in view["players"] if p["id"] != view["id"]]
        skills = guessable_skills()
        count = rng.randint(1, MAX_GUESSES)
        return [[rng.choice(others), rng.choice(skills)] for _ in range(count)]
    if key == "choice":
        return rng.randint(1, 3)
    return None


def random_action(view: dict[str, Any], row: dict[str, Any], rng: random.Random) -> Action | None:
    """A random well-formed use of the skill in ``row`` (its target rule and arguments from the
    view), or None if the table has too few eligible ids for it."""
    return _draw(view, row, rng, *_form(view, row))


Form = tuple[dict[str, Any], str, list[int], int, bool, bool, bool, bool]
"""What :func:`try_submit` reads of a skill row before its draws (:func:`row_form`): the row itself, its skill,
the possible target counts (:func:`_form`'s), their count's ``bit_length``, the target rule's ``dead``,
``self`` and ``distinct``, and whether the row takes no argument (the form its inlined draws serve)."""


def row_form(row: dict[str, Any]) -> Form:
    """:data:`Form` of ``row``, read from it (rows are never changed: the same row, the same form)."""
    rule = row["targets"]
    counts = sorted({rule["count"], *rule["counts"]})
    return (row, row["skill"], counts, len(counts).bit_length(), rule["dead"], rule["self"],
            rule.get("distinct", True), not row["args"])


_FORMS: dict[int, Form] = {}
"""The process's :func:`row_form` of rows, by the row's id (each kept with its row): a read-only memo of
fixed data (a row is never changed), bounded by :data:`FORMS_LIMIT`."""
_USABLE: dict[int, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}
"""The process's :func:`usable_rows` of lists of rows, by the list's id (each kept with its list): the same
(views hand out lists of rows that are never changed, shared by players and games, ``bots.viewcache``),
bounded by :data:`FORMS_LIMIT`."""


class Pools(dict[Any, list[str]]):
    """One table's :func:`target_pool` lists, by ``dead``, and those without one player's id, by ``(dead, id)``:
    read once for all the skills of all the views that share the table (the pools depend on nothing else).

    ``forms``: :func:`row_form` of the rows read so far, by the row's id (the row kept in its form, so that
    its id stays its own); by default the process's (:data:`_FORMS`: a row's form reads nothing of the table,
    and rows are shared by the views of a process's games, ``bots.viewcache``)."""

    __slots__ = ("forms",)

    def __init__(self, forms: dict[int, Form] | None = None) -> None:
        super().__init__()
        self.forms: dict[int, Form] = _FORMS if forms is None else forms

    def form(self, row: dict[str, Any]) -> Form:
        """:func:`row_form` of ``row``, read once (all forgotten past :data:`FORMS_LIMIT`)."""
        forms = self.forms
        form = forms.get(id(row))
        if form is None or form[0] is not row:
            if len(forms) >= FORMS_LIMIT:
                forms.clear()
            form = forms[id(row)] = row_form(row)
        return form


def _form(view: dict[str, Any], row: dict[str, Any], pools: Pools | None = None) -> tuple[list[str], list[int]]:
    """The eligible ids and the possible target counts of the skill in ``row``: what every draw
    of :func:`random_action` reads from the view (the same for every draw from one view).
    ``pools``: the view's pools read so far (filled in here), or None to read them afresh."""
    rule = row["targets"]
    dead = rule["dead"]
    if pools is None:
        ids = target_pool(view, dead)
        me = view["id"]
        pool = ids if rule["self"] else [pid for pid in ids if pid != me]  # drawn from, never changed
    elif rule["self"]:
        pool = pools.get(dead) or _pool(view, pools, dead)
    else:
        pool = pools.get((dead, view["id"])) or _pool(view, pools, dead, view["id"])
    return pool, sorted({rule["count"], *rule["counts"]})


def _pool(view: dict[str, Any], pools: Pools, dead: bool, me: str | None = None) -> list[str]:
    """The pool of :func:`_form` read into ``pools``: ``target_pool(view, dead)`` (key ``dead``), and
    without ``me`` (key ``(dead, me)``) when ``me`` is given. An empty pool is read again each time it
    is asked for (reading it draws nothing)."""
    ids = pools.get(dead)
    if ids is None:
        ids = pools[dead] = target_pool(view, dead)
    if me is None:
        return ids
    pool = pools[dead, me] = ids.copy()  # ``[pid for pid in ids if pid != me]``: ids are a table's, each once
    if me in pool:
        pool.remove(me)
    return pool


def _draw(view: dict[str, Any], row: dict[str, Any], rng: random.Random, pool: list[str],
          counts: list[int]) -> Action | None:
    """:func:`random_action` given its :func:`_form` (the same draws from ``rng``)."""
    rule = row["targets"]
    count = rng.choice(counts)
    distinct = rule.get("distinct", True)
    if (len(pool) < count) if distinct else (count and not pool):
        return None
    targets = rng.sample(pool, count) if distinct else [rng.choice(pool) for _ in range(count)]
    args = {key: random_arg(view, key, rng) for key in row["args"]}
    return make_action(view["id"], row["skill"], tuple(targets), args)


def shuffle(rows: list[Any], rng: random.Random) -> None:
    """``rng.shuffle(rows)``: the same draws in the same order, the same order of ``rows`` after. CPython's
    ``Random.shuffle`` swaps each index ``i`` from the last down to 1 with ``_randbelow(i + 1)``; for a
    plain generator (``_randbelow`` is ``_randbelow_with_getrandbits``, ``shuffle`` not overridden) that
    loop is made here with ``_randbelow`` inlined, saving a call per row. Fewer than two rows draw nothing."""
    last = len(rows) - 1
    if last < 1:
        return
    kind = type(rng)
    if kind._randbelow is not _RANDBELOW or kind.shuffle is not _SHUFFLE:
        rng.shuffle(rows)
        return
    getrandbits = rng.getrandbits
    for i in range(last, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        rows[i], rows[j] = rows[j], rows[i]


def usable_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The skills the player may use by night: built, not passive, not used up (and not a day-only
    use: 奇襲's 刺殺)."""
    return [r for r in view["skills"]
            if r["built"] and r["kind"] != "passive" and r["uses_left"] != 0 and "targets" in r
            and r.get("by_night", True)]


def day_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The skills the player may use by day: built, active, not used up, ``by_day`` in the view."""
    return [r for r in view["skills"]
            if r.get("by_day") and r["built"] and r["kind"] != "passive" and r["uses_left"] != 0
            and "targets" in r]


def draw_and_submit(view: dict[str, Any], offer: Offer, row: dict[str, Any], rng: random.Random,
                    pool: list[str], counts: list[int], tries: int = TRIES) -> Action | None:
    """:func:`try_submit` draw by draw: each use drawn by :func:`_draw` from ``_form``'s ``pool`` and
    ``counts`` and offered, until one is taken (returned) or a refusal says no use of the skill is legal."""
    for _ in range(tries):  # what the form accepts, it submits: never an illegal submission
        action = _draw(view, row, rng, pool, counts)
        if action is None:
            return None
        if offer.take(action) is None:
            return action
        if offer.last_code in WHOLE_SKILL_REFUSALS:
            return None  # no use of this skill is legal tonight: the uniform draw is over
    return None


def try_submit(view: dict[str, Any], offer: Offer, row: dict[str, Any], rng: random.Random,
               tries: int = TRIES, pools: Pools | None = None) -> Action | None:
    """Draw uses of ``row`` until the rules accept one, submit it and return it (None if none).
    ``pools``: shared by the calls made with one view (see :func:`_form`; its ``forms`` keep the rows' forms)."""
    # Read once: neither the view nor the row changes between draws. The pool and counts are :func:`_form`'s.
    me = view["id"]
    if pools is None:
        _, skill, counts, bits_choices, dead, self_allowed, distinct, plain = row_form(row)
        pool = target_pool(view, dead)
        if not self_allowed:
            pool = [pid for pid in pool if pid != me]
    else:
        form = pools.forms.get(id(row))  # (``pools.form(row)``, its memo read without the call)
        if form is None or form[0] is not row:
            form = pools.form(row)
        _, skill, counts, bits_choices, dead, self_allowed, distinct, plain = form
        if self_allowed:
            pool = pools.get(dead) or _pool(view, pools, dead)
        else:
            pool = pools.get((dead, me)) or _pool(view, pools, dead, me)
    kind = type(rng)
    if not plain or kind._randbelow is not _RANDBELOW or kind.choice is not _CHOICE:
        return draw_and_submit(view, offer, row, rng, pool, counts, tries)
    # The common form (no argument) with a plain generator: :func:`_draw`'s very draws, inlined.
    # ``choice(seq)`` is ``seq[_randbelow(len(seq))]`` and ``sample(pool, 1)`` is
    # ``[pool[_randbelow(len(pool))]]`` (CPython's random.py; both branches of ``sample`` draw one index
    # for the first pick); ``_randbelow(m)`` is ``getrandbits(m.bit_length())`` drawn again until below
    # ``m`` (``_randbelow_with_getrandbits``, checked above), inlined too. Ids that may repeat (亂花) are
    # drawn one by one, each a ``choice(pool)``.
    getrandbits, sample = rng.getrandbits, rng.sample
    n, choices = len(pool), len(counts)
    bits_n = n.bit_length()
    # The codes of the draws refused so far, by targets: a draw made again is refused again (the check is
    # a pure function of the state, which does not change while actions are offered, and of the actions
    # taken before, which do not change between these draws), its code read here unasked (``Offer.take``
    # of a refusal sets ``last_code`` and nothing else).
    refused: dict[tuple[str, ...], str] | None = None  # (made at the first refusal: most first draws are taken)
    # ``Offer.take`` inlined too (its check asked as it asks it, the action appended as it appends it), unless
    # the offer's class has a ``take`` of its own.
    ask, actions = (offer._ask, offer.actions) if type(offer).take is _TAKE else (None, None)
    for _ in range(tries):
        r = getrandbits(bits_choices)
        while r >= choices:
            r = getrandbits(bits_choices)
        count = counts[r]
        if not distinct:
            if count and not n:
                return None
            drawn = []
            for _ in range(count):
                r = getrandbits(bits_n)
                while r >= n:
                    r = getrandbits(bits_n)
                drawn.append(pool[r])
            targets: tuple[str, ...] = tuple(drawn)
        elif n < count:
            return None
        elif count == 1:
            r = getrandbits(bits_n)
            while r >= n:
                r = getrandbits(bits_n)
            targets = (pool[r],)
        else:
            targets = tuple(sample(pool, count)) if count else ()
        if refused is not None:
            code = refused.get(targets)
            if code is not None:
                offer.last_code = code
                continue
        action = make_action(me, skill, targets, {})
        if ask is None:
            if offer.take(action) is None:
                return action
            code = offer.last_code
        else:
            refusal = ask(action, actions)
            if refusal is None:
                offer.last_code = ""
                actions.append(action)
                return action
            code = offer.last_code = refusal[1]
        if code in WHOLE_SKILL_REFUSALS:
            return None
        if refused is None:
            refused = {}
        refused[targets] = code
    return None


@cache
def own_extra_uses(skill: str) -> tuple[str, ...]:
    """The skills a use of ``skill`` lets its user use once more that night (普度眾生 → 急救, 洛神 → 亂花,
    謙遜 → 暗訪): public rule text, read from the skill's class (``Skill.extra_uses``) as used with no
    target; grants to others (木牛流馬, 厲兵秣馬) are left out."""
    from tianting.core.skills import Skill

    impl = RULES.character_skill(skill)
    if impl is None or impl.extra_uses is Skill.extra_uses:
        return ()
    try:
        granted = impl().extra_uses(None, Action("_", skill))
    except (AttributeError, TypeError):  # a grant that reads the game names others (木牛流馬)
        return ()
    return tuple(dict.fromkeys(what for who, what, _ in granted if who == "_"))


def follow_grants(view: dict[str, Any], offer: Offer, rng: random.Random, pools: Pools | None = None) -> None:
    """After a night's actions: each extra use a submitted skill grants its user (:func:`own_extra_uses`:
    普度眾生's second 急救, 洛神's 亂花, 謙遜's 暗訪), taken with probability ACT_CHANCE, listed after
    the grant as the rules ask. Draws nothing unless such a skill was submitted."""
    if not offer.actions:
        return
    grants = [own_extra_uses(a.skill) for a in offer.actions]
    if not any(grants):
        return
    usable = {r["skill"]: r for r in usable_rows(view)}
    for names in grants:
        for name in names:
            extra = usable.get(name)
            if extra is not None and rng.random() < ACT_CHANCE:
                try_submit(view, offer, extra, rng, pools=pools)


class RandomPolicy:
    """Uses each usable skill now and then with random targets, checked as a player's form checks
    them before anything is submitted."""

    name = "random"

    _table: list[dict[str, Any]] | None = None
    """The table whose pools are kept (``_pools``; set on the instance when first read)."""
    _table_pools: Pools

    def _pools(self, view: dict[str, Any]) -> Pools:
        """The :func:`target_pool` lists of the view's table, shared by the views that share it (the bot
        loop's views of one phase: their ``players`` is one list, never changed; the pools are never
        changed either). Kept while the same table is read."""
        players = view["players"]
        if players is not self._table:
            self._table, self._table_pools = players, Pools()
        return self._table_pools

    def _usable(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """:func:`usable_rows` of ``view``, read once per list of rows (:data:`_USABLE`): a view's ``skills``
        list and its rows are never changed (views of the bot loop share the list while the rows stay the
        same, and games share lists of rows), and the list kept there is not freed, so no other list takes
        its id. Read-only (copy it to reorder)."""
        skills = view["skills"]
        kept = _USABLE.get(id(skills))
        if kept is None or kept[0] is not skills:
            if len(_USABLE) >= FORMS_LIMIT:
                _USABLE.clear()
            kept = _USABLE[id(skills)] = (skills, usable_rows(view))
        return kept[1]

    @reads_only("id", "players", "skills")  # its rows, the pools, the args (random_arg), the actor
    def night(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        """Each usable skill, in a random order, with probability ACT_CHANCE."""
        usable = self._usable(view)
        if not usable and not offer.actions:
            return  # nothing to shuffle, draw or follow (a player with no usable skill: one in seven)
        rows = list(usable)
        shuffle(rows, rng)
        pools = self._pools(view)
        chance = rng.random
        for row in rows:
            if chance() < ACT_CHANCE:
                try_submit(view, offer, row, rng, pools=pools)
        if offer.actions:  # (``follow_grants`` draws nothing without them: not called)
            follow_grants(view, offer, rng, pools)

    @reads_only("id", "players", "skills")  # its rows, the pools, the args (random_arg), the actor
    def day(self, view: dict[str, Any], offer: Offer, rng: random.Random) -> None:
        """Each skill usable by day, in a random order, with probability ACT_CHANCE (no draw at all
        for a player with none)."""
        rows = day_rows(view)
        if not rows:
            return
        shuffle(rows, rng)
        pools = self._pools(view)
        for row in rows:
            if rng.random() < ACT_CHANCE:
                try_submit(view, offer, row, rng, pools=pools)

    _voted: tuple[list[dict[str, Any]] | None, list[str]] = (None, [])
    """The table :meth:`vote` read last and its living ids (the bot loop hands one view to all of a day's
    voters: its pool is looked up once). Exact: a table is never changed, and the pool kept is its own."""

    @reads_only("players")  # through _pools and target_pool: nothing else
    def vote(self, view: dict[str, Any], rng: random.Random) -> str | None:
        """Any living id, oneself included (the rules' abstention)."""
        table, alive = self._voted
        if table is not view["players"]:
            pools = self._pools(view)
            alive = pools.get(False)
            if alive is None:
                alive = pools[False] = target_pool(view, dead=False)
            self._voted = (view["players"], alive)
        if not alive:
            return None
        kind = type(rng)
        if kind._randbelow is not _RANDBELOW or kind.choice is not _CHOICE:
            return rng.choice(alive)
        # ``rng.choice(alive)``: ``alive[_randbelow(len(alive))]`` (CPython's random.py), ``_randbelow`` inlined
        # as in :func:`shuffle` (the same draws)
        n = len(alive)
        bits = n.bit_length()
        getrandbits = rng.getrandbits
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        return alive[r]

    @reads_only()  # the options alone
    def decide(self, view: dict[str, Any], skill: str, options: list[Any], rng: random.Random) -> Any:
        """Any of the options."""
        return rng.choice(options) if options else None


register("random", RandomPolicy)
