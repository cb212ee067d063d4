"""What one seat may see (CHECKLIST §5.6), and `perturb_hidden` for the contract suite.

Hidden: other seats' group splits until the reveal, need cards in hand and drawn cards
(counts only), other seats' assignments until the P4 reveal, face-down contests and
customers (except what this seat saw at the Fortune Teller), every deck order.
Public: totals of imps and gold, offers, reputation, dens, the Black Market, businesses,
accessories, resolution orders once announced.
"""
from __future__ import annotations


def _den(R, s, x):
    return {"cage": s.cage[x][:], "upgrade": s.upg[x][:], "dung": s.dung[x][:], "pearls": s.pearls[x][:],
            "monster": s.mon[x][:], "waiting": s.waiting[x][:]}


def _live(R, s) -> dict:
    """The live scores the table shows, public when shown: this round's contest once the
    needs are revealed (stages order and care), `live_contest` = [timeline index, [score per
    seat]]; while customers are served (stage sell), `live_customers` = [[customer index,
    [each seat's best monster's match]], ...] for every open customer still waiting."""
    contest, customers = None, []
    rounds = R.R.contest_rounds["short" if s.short else "full"]
    if s.stage in ("order", "care") and s.rnd in rounds and rounds.index(s.rnd) < s.contests_open:
        i = rounds.index(s.rnd)
        contest = [i, [R.contest_score(s, x, s.contests[i]) for x in range(s.n)]]
    if s.stage == "sell":
        customers = [[ci, [max((R.match(s, x, m, ci) for m in R.monsters_of(s, x)), default=None)
                           for x in range(s.n)]] for ci in s.care_step if ci < s.customers_open]
    return {"live_contest": contest, "live_customers": customers}


def build_view(R, s, seat, reveal: bool = False) -> dict:
    """`reveal`: every hand, plan and assignment face up (a finished game's replay)."""
    over = s.res is not None
    face_up = over or reveal
    revealed_groups = s.sealed is None
    seats = []
    for x in range(s.n):
        p = {"seat": x, "reputation": s.rep[x], "gold": s.gold[x], "home": s.home[x], "away": s.away[x],
             "hospital": s.hosp[x], "podium": s.podium[x], "used": s.used[x], "relatives": s.relatives[x][:],
             "bodyguard": s.bodyguard[x], "bodyguard_home": s.bodyguard_home[x], "potions": s.potions[x],
             "pass": s.pass_at[x], "jury": s.jury[x], "injured": s.injured[x], "hat_used": s.hat_used[x],
             "gift": s.gift[x], "pony": s.pony_cover[x], "whistle_used": s.whistle_used[x],
             "leash_used": s.leash_used[x], "fortune": s.fortune[x], "podium_sold": s.podium_sold[x],
             "meat": s.meat[x][:], "veg": s.veg[x][:], "frozen": s.frozen[x][:], "processed": s.processed[x][:],
             "artifacts": s.artifacts[x][:], "eaten_artifacts": s.eaten_art[x][:], "accessories": s.accs[x][:],
             "den": _den(R, s, x), "hand_count": len(s.hand[x]), "order": s.order[x][:],
             "committed": s.sealed is not None and x in s.sealed.picks,
             "hand_colours": [sum(1 for k in s.hand[x] if R.card_colour[k] == ci) for ci in range(4)],
             "bodyguard_podium": s.bodyguard_podium[x]}
        if revealed_groups:
            p["groups"] = [list(g) for g in s.groups[x]]
        elif (x == seat or reveal) and x in s.sealed.picks:
            p["plan"] = [list(g) for g in s.sealed.picks[x][1]]
        if x == seat or face_up:
            p["hand"] = sorted(s.hand[x])
            p["peeks"] = [[w, i, (s.contests[i] if w == "contest" else s.customers[i])] for w, i in s.peeks[x]]
        seats.append(p)
    revealed = s.stage in ("order", "care", "sell", "work", "over")
    assign = {}
    for m, picks in s.assign.items():
        owner = next((x for x in range(s.n) if m in s.mon[x]), None)
        if revealed or owner == seat or reveal:
            assign[str(m)] = [list(k) for k in picks]
        else:
            assign[str(m)] = len(picks)
    monsters = {}
    for x in range(s.n):
        for m in s.mon[x] + s.waiting[x]:
            if m >= 0:
                monsters[str(m)] = {"stage": s.monster_stage[m], "size": R.size_of(s, m), "suffering": s.suffering[m],
                                    "mutations": s.mutation[m], "accessories": R.accessories_of(s, m),
                                    "show": s.show[m][:] if revealed else None}
    for m in s.young + s.older:
        if m >= 0:
            monsters[str(m)] = {"stage": s.monster_stage[m], "size": R.size_of(s, m)}
    v = {
        "game": "monster_shop", "seat": seat, "players": s.n, "round": s.rnd, "rounds": s.rounds,
        "full": s.full, "short": s.short, "reverse": s.reverse, "stage": s.stage, "start": s.start,
        "acting": s.acting, "cur_size": s.send_size, "rot": s.send_rotation, "tie": s.tie_order[:],
        "seats": seats, "monsters": monsters, "assign": assign,
        "contests": [c if i < s.contests_open else None for i, c in enumerate(s.contests)],
        "customers": [c if i < s.customers_open else None for i, c in enumerate(s.customers)],
        "contests_open": s.contests_open, "customers_open": s.customers_open,
        "food_offer": [list(b) for b in s.food_offer], "young": s.young[:], "older": s.older[:],
        "cage_offer": s.cage_offer[:], "upgrade_offer": s.upg_offer[:], "artifact_offer": s.art_offer[:],
        "black_market": [list(b) for b in s.black_market], "businesses": s.biz_order[:s.businesses_open],
        "boutique": s.boutique[:], "occupied": [list(o) for o in s.occupied],
        "decks": {"monsters": len(s.monster_deck), "cages": len(s.cage_deck), "upgrades": len(s.upg_deck),
                  "artifacts": len(s.art_deck), "accessories": len(s.acc_deck), "businesses":
                  len(s.biz_order) - s.businesses_open, "needs": [len(d) for d in s.deck],
                  "discards": [sorted(d) for d in s.discard]},
        "care": list(s.care_step) if s.stage == "care" else None,
        "care_queue": s.seats_to_go[:] if s.stage in ("sell", "order", "work") else None,
        "customers_left": s.care_step[:] if s.stage == "sell" else None,
        "spook_given": [x[:] for x in s.spook_given],
        "asks": [[a[0], a[1], [list(x) for x in a[2]] if (a[0] == seat or a[1] != "keep") else None,
                  a[3] if len(a) > 3 else None] for a in s.asks],
        "cs": list(s.care_step), "tmp": list(s.seats_to_go), "assigning": s.assigning if s.stage == "assign" else None,
        "arrange_left": s.arrange_left, "bm_contest": s.bm_contest, "lookahead": s.lookahead,
        "lost": s.lost[:],
        "over": over,
        **_live(R, s),
    }
    if over:
        v["result"] = {"winners": list(s.res.winners), "scores": list(s.res.scores), "details": s.res.details}
    return v


def perturb_hidden(R, s, seat, rng):
    """A copy differing only in what `seat` may not see: other seats' hands (swapped with
    same-colour cards from the decks), their unrevealed assignments, deck orders and the
    face-down timeline tiles this seat has not peeked at."""
    o = s.clone()
    col = R.card_colour
    for ci in range(4):
        rng.shuffle(o.deck[ci])
    for x in range(o.n):
        if x == seat:
            continue
        for i, k in enumerate(o.hand[x]):
            dk = o.deck[col[k]]
            if dk:
                j = rng.below(len(dk))
                o.hand[x][i], dk[j] = dk[j], k
    revealed = o.stage in ("order", "care", "sell", "work", "over")
    if not revealed:
        for m, picks in list(o.assign.items()):
            owner = next((x for x in range(o.n) if m in o.mon[x]), None)
            if owner == seat:
                continue
            new = []
            for k, h in picks:
                dk = o.deck[col[k]] if k >= 0 else None
                if dk:
                    j = rng.below(len(dk))
                    dk[j], k = k, dk[j]
                new.append((k, h))
            o.assign[m] = new
    for name in ("monster_deck", "cage_deck", "upg_deck", "art_deck", "acc_deck"):
        rng.shuffle(getattr(o, name))
    rest = o.biz_order[o.businesses_open:]
    rng.shuffle(rest)
    o.biz_order[o.businesses_open:] = rest
    seen = {(w, i) for w, i in o.peeks[seat]}
    for name, opened, what in (("contests", o.contests_open, "contest"), ("customers", o.customers_open, "customer")):
        tiles = getattr(o, name)
        idx = [i for i in range(opened, len(tiles)) if (what, i) not in seen]
        vals = [tiles[i] for i in idx]
        rng.shuffle(vals)
        for i, v in zip(idx, vals):
            tiles[i] = v
    if o.sealed is not None:
        for x in list(o.sealed.picks):
            if x != seat:
                o.sealed.picks[x] = R.plan_actions(o, x)[rng.below(len(R.plan_actions(o, x)))]
    o.dec = None
    return o
