"""The owner's choices the rules used to make for them: withdrawing any waiting group
(MS-046), which empty places the working imps clean (MS-114), a business before or after
the work (MS-115) and which food a monster eats (MS-G27). Each has a default listed first,
the one the AI plays."""
from __future__ import annotations

from tests.games.monster_shop.support import care, fresh, mid, put, shown


def test_MS_046_withdraw_a_waiting_group_of_the_size_being_sent():
    """Two groups of 1 imp + 1 gold: while one is sent the other's gold can come home
    (for a Black Market surcharge), though both are of the size now going."""
    R, s = fresh(5)
    seat = 2
    for x in range(4):
        R.apply(s, x, ("plan", ((1, 1, 0, 0), (1, 1, 0, 0)) if x == seat else ()))
    d = R.decisions(s)[0]
    assert d.seat == seat and d.kind == "send"
    withdraws = [a for a in d.actions if a[0] == "withdraw"]
    assert len(withdraws) == 1                        # identical groups: one is enough
    gold = s.gold[seat]
    R.apply(s, seat, withdraws[0])
    assert s.gold[seat] == gold + 1 and s.home[seat] == 6
    d = R.decisions(s)[0]
    assert d.seat == seat                             # the other group still goes now
    assert not [a for a in d.actions if a[0] == "withdraw"]   # the last one goes home instead
    assert ("send", 1 - withdraws[0][1], "black_market", 0) in d.actions


def work_stage(R, s, seat, dung, free=1):
    """`seat` works now; the next seat's turn keeps the round from ending under the test."""
    s.stage, s.seats_to_go, s.acting, s.dec = "work", [(seat + 1) % 4], seat, None
    s.home[seat], s.used[seat] = free, 0
    s.dung[seat] = list(dung)


def test_MS_114_the_owner_picks_the_places_the_imps_clean():
    R, s = fresh(1)
    seat = 0
    work_stage(R, s, seat, [2, 0, 2, 1])
    s.pearls[seat][2] = 1
    acts = R.decisions(s)[0].actions
    assert acts[0] == ("work", 1)                     # the default: left to right
    assert ("work", 1, (0, 0, 2, 0)) in acts and ("work", 1, (0, 0, 1, 1)) in acts
    assert ("work", 1, (2, 0, 0, 0)) not in acts      # that is the default, listed once
    gold = s.gold[seat]
    R.apply(s, seat, ("work", 1, (0, 0, 2, 0)))
    assert s.dung[seat][:4] == [2, 0, 0, 1]
    assert s.gold[seat] == gold + R.R.pearl_gold      # the pearl cube of place 3 was taken
    R, s = fresh(1)
    work_stage(R, s, seat, [2, 0, 2, 1])
    R.apply(s, seat, ("work", 1))
    assert s.dung[seat][:4] == [0, 0, 2, 1]


def test_MS_114_no_choice_when_the_cleaners_take_everything():
    R, s = fresh(1)
    work_stage(R, s, 0, [2, 0, 1, 0], free=2)
    acts = R.decisions(s)[0].actions
    assert ("work", 2) in acts and not [a for a in acts if a[1] == 2 and len(a) > 2]


def slime_first(R, s, seat):
    b = next(i for i, x in enumerate(R.biz) if x[2] == "slime")
    s.biz_order = [b] + [i for i in s.biz_order if i != b]
    s.businesses_open, s.pass_at[seat] = 1, 0


def test_MS_115_a_business_after_the_work():
    """Put off, the business is asked again once the imps have worked: here the gold they
    earn pays for the Fecal Slime."""
    R, s = fresh(1)
    seat = 1
    put(s, seat, mid("gnasher"), 0, dung=3)
    slime_first(R, s, seat)
    work_stage(R, s, seat, [3, 0, 0, 0], free=2)
    s.stage, s.seats_to_go, s.acting = "work", [seat, 2], None
    s.gold[seat] = 1
    R._advance(s, [])
    d = R.decisions(s)[0]
    assert d.kind == "business" and d.actions[0] == ("skip",) and ("later",) in d.actions
    R.apply(s, seat, ("later",))
    d = R.decisions(s)[0]
    assert d.kind == "work" and d.seat == seat
    R.apply(s, seat, ("work", 0))
    assert s.gold[seat] == 3
    d = R.decisions(s)[0]
    assert d.kind == "business" and d.seat == seat and ("later",) not in d.actions
    R.apply(s, seat, next(a for a in d.actions if a[0] == "biz"))
    assert s.gold[seat] == 2 and s.dung[seat][0] == 1


def test_MS_G27_the_owner_picks_the_food():
    R, s = fresh(1)
    seat = 0
    m = put(s, seat, mid("gnasher"), 0, dung=0)
    s.meat[seat] = [1, 0, 1]                          # a fresh and an old meat
    shown(R, s, m, H=1)
    asked, _ = care(R, s, seat, [m], [("feed", "meat", 0)])
    assert asked == ["feed"] and s.meat[seat] == [0, 0, 1] and s.suffering[m] == 0


def test_MS_G27_default_eats_the_oldest_and_asks_once():
    R, s = fresh(1)
    seat = 0
    m = put(s, seat, mid("gnasher"), 0, dung=0)
    s.meat[seat] = [2, 0, 1]
    s.processed[seat] = [0, 1]                        # a can too
    shown(R, s, m, H=2)
    asked, _ = care(R, s, seat, [m], [("feed", "oldest")])
    assert asked == ["feed"] and s.meat[seat] == [1, 0, 0] and s.processed[seat] == [0, 1]


def test_MS_G27_no_question_without_a_choice():
    R, s = fresh(1)
    seat = 0
    m = put(s, seat, mid("gnasher"), 0, dung=0)
    s.meat[seat] = [0, 2, 0]                          # one kind only
    s.veg[seat] = [3, 0, 0]                           # a carnivore does not eat it
    shown(R, s, m, H=1)
    asked, _ = care(R, s, seat, [m])
    assert asked == [] and s.meat[seat] == [0, 1, 0]
