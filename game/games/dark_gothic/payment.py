"""Paying costs from the resource pool (TE-042 … TE-051, TE-080 … TE-083), as pure functions.

A pool is a list of orbs `(colour, n, source, was_silver)`: colour C/U/S, or W for a Silver orb
whose colour is not chosen yet; `source` is the card that produced it (None: a Hero's built-in
resource or a Fight's gain). A cost is a list of parts `(colour, n, cursed)`; a W part is paid as
ONE colour of the payer's choice for its whole amount (TE-051). A Silver orb becomes one colour
when first spent and keeps it for what is left (TE-043).

The payer names the units (TE-051, TE-083): a payment lists, per part, its colour and the orbs
that pay it (`payment_problem` checks one, `apply_payment` spends it); `payment_options` is the
bounded sample offered to agents, one payment per distinct outcome, the suggested one first.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product

COLS = ("C", "U", "S")
_IDX = {"C": 0, "U": 1, "S": 2}


def split(pool):
    exact = [0, 0, 0]
    silver = []
    for col, n, _src, _w in pool:
        if col == "W":
            silver.append(n)
        else:
            exact[_IDX[col]] += n
    return exact, tuple(sorted(silver, reverse=True))


@lru_cache(maxsize=65536)
def cover(deficits: tuple, silver: tuple) -> bool:
    """Can the Silver orbs (each wholly one colour) cover the per-colour deficits?"""
    if all(d <= 0 for d in deficits):
        return True
    if not silver or sum(silver) < sum(d for d in deficits if d > 0):
        return False
    first, rest = silver[0], silver[1:]
    for i in range(3):
        if deficits[i] > 0:
            d = list(deficits)
            d[i] -= first
            if cover(tuple(d), rest):
                return True
    return cover(deficits, rest)


def feasible(pool, parts) -> bool:
    exact, silver = split(pool)
    return feasible_split(exact, silver, parts)


def feasible_split(exact, silver, parts) -> bool:
    need = [0, 0, 0]
    wparts = []
    total = 0
    for col, n, _c in parts:
        total += n
        if col == "W":
            wparts.append(n)
        else:
            need[_IDX[col]] += n
    d0, d1, d2 = need[0] - exact[0], need[1] - exact[1], need[2] - exact[2]
    if not silver:                                   # the common case: no Silver in the pool
        if d0 > 0 or d1 > 0 or d2 > 0:
            return False
        if not wparts:
            return True
        if len(wparts) == 1:
            return -min(d0, d1, d2) >= wparts[0]
    elif exact[0] + exact[1] + exact[2] + sum(silver) < total:
        return False
    if not wparts:
        return cover((d0, d1, d2), silver)
    for cols in product(range(3), repeat=len(wparts)):
        nd = [d0, d1, d2]
        for i, w in zip(cols, wparts):
            nd[i] += w
        if cover((nd[0], nd[1], nd[2]), silver):
            return True
    return False


@lru_cache(maxsize=16384)
def _feasible_memo(exact, silver, parts) -> bool:
    """feasible_split on hashable arguments, memoized (the Silver sample asks it per colouring)."""
    return feasible_split(exact, silver, parts)


def take(pool, i, colour, amount):
    """Spend up to `amount` of `colour` from orb i; returns (new pool, spent, source)."""
    col, n, src, w = pool[i]
    spent = min(n, amount)
    new = list(pool)
    if n - spent:
        new[i] = (colour, n - spent, src, w)
    else:
        del new[i]
    return new, spent, src


def pay_plain(pool, parts):
    """Pay fixed-colour, uncursed parts: exact colours first, then the Silver orbs chosen to
    waste least. Returns the new pool (the caller has checked feasibility)."""
    need = [0, 0, 0]
    for col, n, _c in parts:
        need[_IDX[col]] += n
    # exact colours first, each colour's orbs in pool order (one pass: colours do not interact)
    out = []
    for orb in pool:
        ci = _IDX.get(orb[0])
        if ci is None or need[ci] <= 0:
            out.append(orb)
            continue
        n = orb[1]
        spent = n if n < need[ci] else need[ci]
        need[ci] -= spent
        if n - spent:
            out.append((orb[0], n - spent, orb[2], orb[3]))
    pool = out
    if need[0] <= 0 and need[1] <= 0 and need[2] <= 0:
        return pool
    silver_idx = [i for i, o in enumerate(pool) if o[0] == "W"]
    best = None
    for cols in product(range(4), repeat=len(silver_idx)):      # 3 = not used
        got = [0, 0, 0]
        for i, ci in zip(silver_idx, cols):
            if ci < 3:
                got[ci] += pool[i][1]
        if all(got[k] >= need[k] for k in range(3)):
            waste = sum(got) - sum(need)
            if best is None or waste < best[0]:
                best = (waste, cols)
    if best is None:
        raise ValueError("payment not possible")
    new = list(pool)
    remove = []
    rem = list(need)
    for i, ci in zip(silver_idx, best[1]):
        if ci == 3:
            continue
        col, n, src, w = pool[i]
        spent = min(n, rem[ci])
        if not spent:
            continue
        rem[ci] -= spent
        if n - spent:
            new[i] = (COLS[ci], n - spent, src, w)
        else:
            remove.append(i)
    for i in sorted(remove, reverse=True):
        del new[i]
    return new


# -- naming the units: a payment the payer picks (TE-051, TE-083) ----------------------------
# A payment names, for each part of the cost in order, the colour it is paid in and the pool
# orbs that pay it: ((colour, ((orb, n), ...)), ...), the orbs of a part in increasing order.
# Orb indexes are those of the pool the payment was made for (it is checked against it).

MAX_OPTIONS = 12          # payments offered to agents for one purchase (the sample is bounded)
_MAX_COMBOS = 60          # ways tried before the sample stops growing


def payment_problem(pool, parts, payment):
    """Why `payment` cannot pay `parts` from `pool` (a short English reason), or None."""
    if not isinstance(payment, tuple) or len(payment) != len(parts):
        return "a payment names one entry per part of the cost"
    spent = {}
    silver_as = {}
    for (pcol, pn, _cur), entry in zip(parts, payment):
        if not isinstance(entry, tuple) or len(entry) != 2:
            return "each part is (colour, orbs)"
        colour, draws = entry
        if colour not in _IDX or (pcol != "W" and colour != pcol):
            return f"a {pcol} part cannot be paid as {colour!r}"
        if not isinstance(draws, tuple):
            return "a part's orbs are a list"
        last = -1
        total = 0
        for d in draws:
            if not (isinstance(d, tuple) and len(d) == 2 and all(type(x) is int for x in d)):
                return "each orb is (index, units)"
            i, n = d
            if not (last < i < len(pool)) or n < 1:
                return "orbs are named once each, in order, with at least one unit"
            last = i
            col = pool[i][0]
            if col == "W":
                if silver_as.setdefault(i, colour) != colour:
                    return "a Silver orb pays one colour only"
            elif col != colour:
                return f"a {col} orb cannot pay {colour}"
            spent[i] = spent.get(i, 0) + n
            if spent[i] > pool[i][1]:
                return "an orb pays more units than it holds"
            total += n
        if total != pn:
            return f"a part of {pn} is paid with {total}"
    return None


def apply_payment(pool, parts, payment):
    """(the pool after paying, the source cards that paid a Cursed part in order, the parts
    with their colours). The payment must be valid (payment_problem is None)."""
    spent = {}
    colour_of = {}
    destroyed = []
    paid = []
    for (pcol, pn, cur), (colour, draws) in zip(parts, payment):
        paid.append((colour, pn, cur))
        for i, n in draws:
            spent[i] = spent.get(i, 0) + n
            colour_of[i] = colour
            src = pool[i][2]
            if cur and src is not None and src not in destroyed:
                destroyed.append(src)
    new = []
    for i, orb in enumerate(pool):
        used = spent.get(i)
        if not used:
            new.append(orb)
        elif orb[1] > used:
            new.append((colour_of[i], orb[1] - used, orb[2], orb[3]))
    return new, tuple(destroyed), tuple(paid)


@lru_cache(maxsize=4096)
def _compositions(total, caps):
    """Every way to take `total` units from bins with capacities `caps` (first bins first), a
    tuple: pure, and random play asks the same few again and again, so memoized."""
    if not caps:
        return ((),) if total == 0 else ()
    first, rest = caps[0], caps[1:]
    room = sum(rest)
    return tuple((k,) + tail for k in range(min(first, total), -1, -1) if total - k <= room
                 for tail in _compositions(total - k, rest))


def _colour_ways(demands, kinds, sources_matter):
    """The ways one colour's demands [(part, n, cursed)] can be met from `kinds` (lists of
    interchangeable orbs (index, units, source, kind, silver)), one per distinct outcome:
    ({part: draws}, ...). Cursed parts first, then the plain parts together (one plain unit
    is as good as another). With a Cursed part the orbs carry their card's kind (None: no card)."""
    caps = tuple(sum(o[1] for o in k) for k in kinds)
    cursed = [(p, n) for p, n, cur in demands if cur]
    plain = [(p, n) for p, n, cur in demands if not cur]
    plain_total = sum(n for _, n in plain)
    out = []
    seen = set()
    if sources_matter:                        # which kind pays a plain unit matters
        groups = [[j] for j in range(len(kinds))]
    else:                                     # it does not: exact units are one heap
        exact = [j for j in range(len(kinds)) if not kinds[j][0][4]]
        groups = ([exact] if exact else []) + [[j] for j in range(len(kinds)) if kinds[j][0][4]]

    def cursed_ways(idx, left, taken):
        if idx == len(cursed):
            yield left, taken
            return
        p, n = cursed[idx]
        for comp in _compositions(n, left):
            yield from cursed_ways(idx + 1, tuple(c - k for c, k in zip(left, comp)), taken + ((p, comp),))

    for left, taken in cursed_ways(0, caps, ()):
        burnt = tuple(sorted(kinds[j][0][3] for _p, comp in taken for j, k in enumerate(comp)
                             if k and kinds[j][0][2] is not None))
        for gcomp in _compositions(plain_total, tuple(sum(left[j] for j in g) for g in groups)):
            comp = [0] * len(kinds)
            for g, k in zip(groups, gcomp):
                for j in g:
                    comp[j] = min(left[j], k)
                    k -= comp[j]
            stay = {}
            for j, c in enumerate(left):
                g = ((kinds[j][0][3] or "") if sources_matter else "", kinds[j][0][4])
                stay[g] = stay.get(g, 0) + c - comp[j]
            sig = (burnt, tuple(sorted(stay.items())))
            if sig in seen:
                continue
            seen.add(sig)
            avail = [[o[1] for o in k] for k in kinds]      # each kind's orbs used in pool order
            draws = {}
            for p, cc in taken + tuple(_split_plain(plain, comp)):
                got = []
                for j, units in enumerate(cc):
                    for o, orb in enumerate(kinds[j]):
                        if units <= 0:
                            break
                        n = min(avail[j][o], units)
                        if n:
                            got.append((orb[0], n))
                            avail[j][o] -= n
                            units -= n
                draws.setdefault(p, []).extend(got)
            out.append({p: _merge(g) for p, g in draws.items()})
    return out


def _merge(draws):
    """(orb, n) pairs with one entry per orb, in orb order."""
    tot = {}
    for i, n in draws:
        tot[i] = tot.get(i, 0) + n
    return tuple(sorted(tot.items()))


def _split_plain(plain, comp):
    """Share the plain units taken from each kind (`comp`) among the plain parts, in order."""
    left = list(comp)
    for p, n in plain:
        cc = []
        for j in range(len(left)):
            k = min(left[j], n)
            cc.append(k)
            left[j] -= k
            n -= k
        yield p, tuple(cc)


def payment_options(pool, parts, key, sources_matter=(), price=None, prefer=None, cap=MAX_OPTIONS):
    """A bounded sample of the payments of `parts` from `pool`, one per distinct outcome, the
    suggested payment first. An outcome is the set of cards a Cursed part Destroys (by kind:
    copies are alike) and what stays in the pool (by colour, Silver kept apart; by source
    too in the colours of `sources_matter`, i.e. where a later Cursed cost could Destroy
    them). Every distinct Destroy is in the sample (up to `cap`); other ways of leaving the
    pool fill the rest. `key(card)`: its kind. `price(card)`: how dear a card is (a Cursed
    part takes the cheapest first in the suggestion). `prefer`: the colours in the order a
    Silver part tries them."""
    price = price or (lambda c: 0)
    order = tuple(prefer) if prefer else COLS
    for orb in pool:
        if orb[0] == "W":
            if len(parts) == 1 and parts[0][0] == "W" and not parts[0][2]:
                options = _one_silver_orb_options(pool, parts[0][1], key, sources_matter, order, cap)
                if options is not None:
                    return options
            return _options_with_silver(pool, parts, key, sources_matter, price, order, cap)
    # no Silver orb (the common case): each colour is paid by its own orbs alone
    kinds = {c: {} for c in COLS}
    have = {c: 0 for c in COLS}
    for i, (col, n, src, _w) in enumerate(pool):
        have[col] += n
        k = None if src is None else key(src)
        kinds[col].setdefault(k, []).append((i, n, src))
    w_parts = [i for i, p in enumerate(parts) if p[0] == "W"]
    ways_memo = {}
    found = {}
    for wcols in product(order, repeat=len(w_parts)):
        fixed = list(parts)
        for i, c in zip(w_parts, wcols):
            fixed[i] = (c, parts[i][1], parts[i][2])
        per = []
        for c in COLS:
            demands = tuple((i, n, cur) for i, (pc, n, cur) in enumerate(fixed) if pc == c)
            if not demands:
                continue
            if sum(n for _i, n, _c in demands) > have[c]:
                per = None
                break
            m = ways_memo.get((c, demands))
            if m is None:
                m = ways_memo[c, demands] = _plain_colour_ways(c, demands, kinds[c], c in sources_matter, key, price,
                                                               cap)
            per.append(m)
        if per is None:
            continue
        pref = [order.index(c) for c in wcols]
        for combo in product(*per):
            sig = tuple(w[3] for w in combo)
            if sig in found:
                continue
            draws = {}
            for w in combo:
                draws.update(w[0])
            payment = tuple((fixed[i][0], draws.get(i, ())) for i in range(len(fixed)))
            found[sig] = ((sum(w[1] for w in combo), 0, 0, pref, len(found)), payment, tuple(w[2] for w in combo))
            if len(found) >= _MAX_COMBOS:
                break
    out = {}
    for sig, (cost, payment, burnt) in found.items():   # _ranked reads the Destroy first in the key
        out[(burnt, sig)] = (cost, payment)
    return _ranked(out, cap)


def _plain_colour_ways(colour, demands, kinds, matter, key, price, cap):
    """One colour's ways without Silver orbs: [(draws {part: ((orb, n), ...)}, price of what
    a Cursed part Destroys, the kinds it Destroys, signature)], one per distinct outcome, cheapest Destroys first,
    sourceless and cheap cards spent first."""
    total = sum(n for _p, n, _c in demands)
    cursed = any(cur for _p, _n, cur in demands)
    if len(kinds) == 1 or not (cursed or matter):
        orbs = sorted((i, n) for group in kinds.values() for i, n, _s in group)
        return [(_fill_parts(demands, orbs), 0, (), (colour, total))]
    groups = sorted(kinds.values(), key=lambda g: (g[0][2] is not None, price(g[0][2]) if g[0][2] else 0, g[0][0]))
    if cursed:
        return _cursed_colour_ways(colour, demands, groups, matter, key, price)
    out = []
    for comp in _compositions(total, tuple(sum(n for _i, n, _s in g) for g in groups)):
        units = []
        for g, k in zip(groups, comp):
            for i, n, _s in g:
                if k <= 0:
                    break
                t = n if n < k else k
                units.append((i, t))
                k -= t
        units.sort()
        out.append((_fill_parts(demands, units), 0, (), (colour, total, comp)))
        if len(out) >= cap:
            break
    return out


def _cursed_colour_ways(colour, demands, groups, matter, key, price):
    """_plain_colour_ways when a Cursed part is paid in this colour (every distinct Destroy)."""
    labelled = [[(i, n, src, None if src is None else key(src), False) for i, n, src in g] for g in groups]
    srcs = {i: src for g in groups for i, _n, src in g}
    total = sum(n for _p, n, _c in demands)
    out = []
    for draws in _colour_ways(demands, labelled, matter):
        burnt = []
        cost = 0
        spent = {}
        for p, _n, cur in demands:
            for i, k in draws.get(p, ()):
                spent[i] = spent.get(i, 0) + k
                src = srcs[i]
                if cur and src is not None and src not in burnt:
                    burnt.append(src)
                    cost += price(src) + 1
        left = {}
        for g in groups:
            for i, n, src in g:
                if n - spent.get(i, 0):
                    kk = key(src) if matter and src is not None else ""
                    left[kk] = left.get(kk, 0) + n - spent.get(i, 0)
        burnt = tuple(sorted(key(b) for b in burnt))
        out.append((draws, cost, burnt, (colour, total, burnt, tuple(sorted(left.items())))))
    return out


def _fill_parts(demands, orbs):
    """Pay the parts in order from `orbs` [(index, units)] taken in order."""
    avail = [list(o) for o in orbs]
    draws = {}
    j = 0
    for p, n, _cur in demands:
        got = []
        while n > 0:
            i, u = avail[j]
            k = u if u < n else n
            if k:
                got.append((i, k))
                avail[j][1] -= k
                n -= k
            if avail[j][1] == 0:
                j += 1
        draws[p] = tuple(got)
    return draws


def _silver_assignments(pool, silver_orbs, key, choices):
    """Each way to give the Silver orbs a colour (or none: None), alike orbs (the same units
    and kind of card) taken as one multiset, so swapping two Honors is not tried twice. A
    tuple of {orb: colour}, shared (callers only read it)."""
    groups = {}
    for i in silver_orbs:
        src = pool[i][2]
        groups.setdefault((pool[i][1], None if src is None else key(src)), []).append(i)
    return _assignments(tuple(map(tuple, groups.values())), choices)


@lru_cache(maxsize=1024)
def _assignments(groups, choices):
    """_silver_assignments of the alike orbs `groups` (pool indexes): pure, so memoized."""
    per_group = [[tuple(zip(ids, cols)) for cols in combinations_with_replacement(choices, len(ids))]
                 for ids in groups]
    return tuple({i: c for part in combo for i, c in part} for combo in product(*per_group))


def _options_with_silver(pool, parts, key, sources_matter, price, order, cap):
    w_parts = [i for i, p in enumerate(parts) if p[0] == "W"]
    silver_orbs = [i for i, o in enumerate(pool) if o[0] == "W"]
    held, silver_units = split(pool)
    held = tuple(held)
    # each orb as the ways of a colour read it: (units, kind of its card, its price, has a card)
    orbs = [(n, None if src is None else key(src), 0 if src is None else price(src), src is not None)
            for _c, n, src, _w in pool]
    exact = {c: tuple(i for i, o in enumerate(pool) if o[0] == c) for c in COLS}
    kinds = [o[1] for o in orbs]
    cursed = any(cur for _c, _n, cur in parts)
    assignments = {}
    found = {}
    memo = {}
    combos = 0
    for wcols in product(order, repeat=len(w_parts)):
        fixed = list(parts)
        for i, c in zip(w_parts, wcols):
            fixed[i] = (c, parts[i][1], parts[i][2])
        if not _feasible_memo(held, silver_units, tuple(fixed)):
            continue
        needed = [c for c in COLS if any(p[0] == c for p in fixed)]
        # a Silver orb is worth spending on a colour only where exact colours fall short, or
        # where which card pays can matter (a Cursed part now or later): elsewhere sparing it
        # leaves a pool that can pay all the other could
        useful = tuple(c for c in needed if c in sources_matter or any(p[0] == c and p[2] for p in fixed)
                       or sum(p[1] for p in fixed if p[0] == c) > held[_IDX[c]])
        demands_of = {c: tuple((i, n, cur) for i, (pc, n, cur) in enumerate(fixed) if pc == c) for c in needed}
        if useful not in assignments:
            assignments[useful] = _silver_assignments(pool, silver_orbs, key, (None,) + useful)
        for given in assignments[useful]:
            ways = []
            for c in needed:
                demands = demands_of[c]
                mine = tuple(i for i in silver_orbs if given[i] == c)
                got = memo.get((c, demands, mine))
                if got is None:
                    got = memo[c, demands, mine] = _silver_colour_ways(demands, exact[c], mine, orbs,
                                                                       c in sources_matter)
                if not got:
                    ways = None
                    break
                ways.append(got)
            if ways is None:
                continue
            for combo in product(*ways):
                combos += 1
                draws = {}
                for d in combo:
                    draws.update(d)
                payment = tuple((fixed[i][0], draws.get(i, ())) for i in range(len(fixed)))
                destroyed = apply_payment(pool, parts, payment)[1] if cursed else ()
                burnt = tuple(sorted(key(c) for c in destroyed))
                out = (burnt, _what_stays(pool, payment, kinds, sources_matter))
                if out not in found:
                    used_silver = sum(n for (colour, ds) in payment for i, n in ds if pool[i][0] == "W")
                    touched = sum(pool[i][1] for i in {i for _c, ds in payment for i, _n in ds} if pool[i][0] == "W")
                    cost = (sum(price(c) + 1 for c in destroyed), touched, used_silver,
                            [order.index(c) for c in wcols], len(found))
                    found[out] = (cost, payment)
                if combos >= _MAX_COMBOS:
                    break
            if combos >= _MAX_COMBOS:
                break
        if combos >= _MAX_COMBOS:
            break
    return _ranked(found, cap)


def _one_silver_orb_options(pool, n, key, sources_matter, order, cap):
    """_options_with_silver for the commonest Silver purchase, read directly: a plain Silver
    cost of `n` and one Silver orb, where each colour either cannot pay, or pays from its own
    orbs alone and no later Cursed cost cares which (the Silver orb is spared: one way), or
    needs every unit of its own and the whole Silver orb (one way). None otherwise (then the
    search decides). The same payments, outcomes and ranking as the search."""
    silver = [i for i, o in enumerate(pool) if o[0] == "W"]
    if len(silver) != 1:
        return None
    m = pool[silver[0]][1]
    held = {c: 0 for c in COLS}
    for col, k, _src, _w in pool:
        if col != "W":
            held[col] += k
    kinds = [None if src is None else key(src) for _c, _n, src, _w in pool]
    found = {}
    for c in order:
        h = held[c]
        if h + m < n:
            continue
        if h >= n and c not in sources_matter:     # its own orbs in pool order, the Silver orb spared
            draws = []
            left = n
            for i, o in enumerate(pool):
                if o[0] == c and left > 0:
                    k = min(o[1], left)
                    draws.append((i, k))
                    left -= k
            silver_units = 0
        elif h + m == n:                           # every unit of the colour and the whole Silver orb
            draws = [(i, o[1]) for i, o in enumerate(pool) if o[0] == c or o[0] == "W"]
            silver_units = m
        else:
            return None
        payment = ((c, tuple(draws)),)
        out = ((), _what_stays(pool, payment, kinds, sources_matter))
        if out not in found:                       # cost as the search ranks it
            found[out] = ((0, silver_units, silver_units, [order.index(c)], len(found)), payment)
    return _ranked(found, cap)


def _what_stays(pool, payment, kinds, matter):
    """The pool left by `payment` as an outcome reads it: each orb's colour, its card's kind
    (`kinds[i]`) where a later Cursed cost cares (`matter`), and its units; sorted. (The pool
    apply_payment leaves, without building it.)"""
    spent = {}
    colour_of = {}
    for colour, draws in payment:
        for i, n in draws:
            spent[i] = spent.get(i, 0) + n
            colour_of[i] = colour
    out = []
    for i, (col, n, src, _w) in enumerate(pool):
        used = spent.get(i)
        if used:
            if n <= used:
                continue
            col = colour_of[i]
            n -= used
        out.append((col, kinds[i] if col in matter and src is not None else "", n))
    return tuple(sorted(out))


def _silver_colour_ways(demands, exact, silver, orbs, matter):
    """_colour_ways for one colour paid by its own orbs and the Silver orbs given it (`exact`,
    `silver`: pool indexes; `orbs[i]`: orb i as _orbs_colour_ways reads it); `matter`: a later
    Cursed cost cares which card pays this colour."""
    index = exact + silver
    if matter or any(cur for _p, _n, cur in demands):
        # the ways compare kinds of card only with each other: name each by its first place
        # here ("1", "2", ...), so the memo meets a pool again whatever the cards are called
        names = {}
        mine = tuple((n, kind if kind is None else names.setdefault(kind, str(len(names) + 1)), price, card)
                     for n, kind, price, card in map(orbs.__getitem__, index))
    else:       # which card pays is read nowhere: the units alone, so the memo meets more pools
        mine = tuple((orbs[i][0], None, 0, False) for i in index)
    ways = _orbs_colour_ways(demands, mine, len(silver), matter)
    return [{p: tuple(sorted((index[j], n) for j, n in draws)) for p, draws in way.items()} for way in ways]


@lru_cache(maxsize=8192)
def _orbs_colour_ways(demands, orbs, silver, matter):
    """The ways of _silver_colour_ways with each orb named by its place in `orbs` (units, kind
    of its card, its price, has a card), the last `silver` of them Silver. Pure and free of
    pool indexes, so memoized: random play meets the same few colourings of a pool again and
    again wherever they lie in it (the ways are shared: callers must not change them)."""
    by_source = matter or any(cur for _, _, cur in demands)
    groups = {}
    first_silver = len(orbs) - silver
    for j, (n, kind, price, has_card) in enumerate(orbs):
        is_silver = j >= first_silver
        k = kind if by_source else None
        groups.setdefault((is_silver, k), []).append((j, n, has_card or None, k, is_silver, price))
    kinds = sorted(groups.values(), key=lambda k: (k[0][4], k[0][2] is not None, k[0][5], k[0][0]))
    ways = _colour_ways(list(demands), kinds, matter)
    if silver:                                # a Silver orb given this colour but not spent here
        ways = [w for w in ways                # is the assignment that gives it none (tried too)
                if set(range(first_silver, len(orbs))) <= {j for draws in w.values() for j, _n in draws}]
    return tuple(ways)


def _ranked(found, cap):
    """The suggested payment (least cost) first, then one per other Destroy, then the rest."""
    if not found:
        return []
    ranked = sorted(found.items(), key=lambda kv: kv[1][0])
    first = ranked[0]
    out = [first[1][1]]
    burnt_seen = {first[0][0]}
    rest = []
    for (burnt, _stay), (_cost, pay) in ranked[1:]:
        if burnt not in burnt_seen:
            burnt_seen.add(burnt)
            out.append(pay)
        else:
            rest.append(pay)
    return (out + rest)[:cap]


def quick_ways(pool, parts, key, matter_of):
    """The common purchase, read fast: the cost's parts with the colour of its Silver part
    fixed, one entry per outcome (the colour the pool holds most first), when no Cursed part is paid and in each colour
    either one kind of card pays, or all of that colour is spent, or no later Cursed cost
    cares which card pays (`matter_of()`: those colours); a Silver orb is spared when exact
    colours pay (it can pay anything they can), and with one Silver orb it pays what they
    cannot. None when this reading does not apply (then payment_options decides)."""
    if len(parts) == 1 and parts[0][0] != "W" and not parts[0][2]:
        # the most common purchase: one colour, its own orbs pay it
        col, need, _cur = parts[0]
        have = 0
        kind = mixed = False
        for c, n, src, _w in pool:
            if c == col:
                k = None if src is None else key(src)
                if kind is False:
                    kind = k
                elif k != kind:
                    mixed = True
                have += n
            elif c == "W":
                break
        else:
            if have >= need and (not mixed or have == need or col not in matter_of()):
                return [parts]
    have, mixed, silver = _tally(pool, key)
    if not silver and len(parts) == 1 and parts[0][0] == "W" and parts[0][1] > 0 and not parts[0][2]:
        # the next most common: one plain Silver part and no Silver orb (the general reading
        # below, unrolled)
        return _one_silver_part(have, mixed, parts[0], matter_of)
    need = [0, 0, 0]
    w = None
    for j, (col, n, cur) in enumerate(parts):
        if cur:
            return None
        if col == "W":
            if w is not None:
                return None
            w = j
            continue
        need[_IDX[col]] += n
    matter = None

    def single(i, d):
        """Colour i paying d has one outcome (a deficit: the one Silver orb pays it). With a
        Silver orb spared, only where a later Cursed cost takes this colour could paying with
        it instead leave a different choice of what to Destroy then."""
        nonlocal matter
        if d > have[i]:
            if len(silver) != 1 or d - have[i] > silver[0]:
                return False
            if d - have[i] == silver[0]:
                return True                   # every unit of the colour and the Silver orb
        elif d == 0 or (not silver and (not mixed[i] or d == have[i])):
            return True
        if matter is None:
            matter = matter_of()
        return COLS[i] not in matter

    short = 0
    for i in range(3):
        if need[i] > have[i]:
            short += 1
        if not single(i, need[i]):
            return None
    if short > 1:
        return None
    if w is None:
        return [tuple(parts)]
    n = parts[w][1]
    out = []
    seen = []
    for c in sorted(COLS, key=lambda c: -have[_IDX[c]]):
        i = _IDX[c]
        d = need[i] + n
        if d > have[i] and (short - (need[i] > have[i]) or len(silver) != 1 or d - have[i] > silver[0]):
            if silver:
                return None                   # Silver orbs might pay it some other way: payment_options
            continue                          # nothing pays this colour
        if not single(i, d):
            return None
        left = [have[k] - need[k] for k in range(3)] + [sum(silver)]
        left[i] -= n
        for k in range(3):
            if left[k] < 0:                   # the Silver orb pays it; the rest keeps that colour
                left[k] += left[3]
                left[3] = 0
        if left in seen:
            continue
        seen.append(left)
        fixed = list(parts)
        fixed[w] = (c, n, parts[w][2])
        out.append(tuple(fixed))
    return out or None


def _tally(pool, key):
    """A pool as quick_ways reads it: the units held in each colour, whether more than one
    kind of card pays a colour, and the Silver orbs' units."""
    have = [0, 0, 0]
    first = [0, 0, 0]                         # the kind of card that pays first in each colour
    mixed = [False, False, False]             # ... and whether another kind pays it too
    silver = []
    for col, n, src, _w in pool:
        if col == "W":
            silver.append(n)
            continue
        i = _IDX[col]
        k = None if src is None else key(src)
        if not have[i]:
            first[i] = k
        elif k != first[i]:
            mixed[i] = True
        have[i] += n
    return have, mixed, silver


def _one_silver_part(have, mixed, part, matter_of):
    """quick_ways for one plain Silver part of n > 0 units and a pool without Silver orbs
    (tallied by _tally): each colour that holds n pays it (the colour held most first), a
    colour where more than one kind of card pays and some are left over only where no later
    Cursed cost cares which (else None: payment_options decides)."""
    n = part[1]
    out = []
    matter = None
    for i in sorted(range(3), key=have.__getitem__, reverse=True):    # stable: ties in COLS order
        if have[i] < n:
            continue
        if mixed[i] and have[i] != n:
            if matter is None:
                matter = matter_of()
            if COLS[i] in matter:
                return None
        out.append(((COLS[i], n, part[2]),))
    return out or None


def plain_payment(pool, parts):
    """The payment pay_plain makes for fixed-colour, uncursed `parts` that quick_ways read:
    each colour's own orbs in pool order, then the Silver orb."""
    used = [0] * len(pool)
    draws = []
    for col, n, _cur in parts:
        got = []
        for want in (col, "W"):
            for i, orb in enumerate(pool):
                if n <= 0:
                    break
                if orb[0] == want:
                    k = min(orb[1] - used[i], n)
                    if k > 0:
                        got.append((i, k))
                        used[i] += k
                        n -= k
        draws.append((col, tuple(sorted(got))))
    return tuple(draws)


def payment_preferring(pool, parts, marked, prefer=COLS):
    """A payment of `parts` in which the `marked` orbs (indexes) pay first, a Cursed part
    before the rest; the other orbs as the suggestion would, exact colours before Silver.
    A Silver part takes the first colour (the marked orbs' colours, then `prefer`) that
    pays. None when no payment is found this way."""
    marked = set(marked)
    w_parts = [i for i, p in enumerate(parts) if p[0] == "W"]
    first = [pool[i][0] for i in sorted(marked) if i < len(pool) and pool[i][0] != "W"]
    order = tuple(dict.fromkeys(first + list(prefer) + list(COLS)))
    for wcols in product(order, repeat=len(w_parts)):
        fixed = list(parts)
        for i, c in zip(w_parts, wcols):
            fixed[i] = (c, parts[i][1], parts[i][2])
        pay = _greedy(pool, fixed, marked)
        if pay is not None and payment_problem(pool, parts, pay) is None:
            return pay
    return None


def _greedy(pool, parts, marked):
    """Pay fixed-colour `parts` greedily: Cursed parts first, marked orbs first, exact colours
    before Silver, pool order; None if it runs short."""
    left = [o[1] for o in pool]
    silver_as = {}
    draws = [None] * len(parts)
    for j in sorted(range(len(parts)), key=lambda j: not parts[j][2]):
        colour, n, _cur = parts[j]
        got = []
        for i in sorted(range(len(pool)), key=lambda i: (i not in marked, pool[i][0] == "W", i)):
            if n <= 0:
                break
            col = pool[i][0]
            if left[i] <= 0 or not (col == colour or (col == "W" and silver_as.get(i, colour) == colour)):
                continue
            k = min(left[i], n)
            left[i] -= k
            n -= k
            got.append((i, k))
            if col == "W":
                silver_as[i] = colour
        if n > 0:
            return None
        draws[j] = (colour, tuple(sorted(got)))
    return tuple(draws)
