"""Book of Ordeals data: the bundled files load, and broken copies fail with file:line."""
import shutil
from pathlib import Path

import pytest

from game.core.data import DataError, data_root
from game.games.ordeals.data import Member, company_problems, load_data


@pytest.fixture(scope="module")
def data():
    return load_data()


def copy_data(tmp_path: Path) -> Path:
    dst = tmp_path / "ordeals"
    shutil.copytree(data_root() / "ordeals", dst)
    return dst


def test_BO_171_five_trials_loaded(data):
    assert sorted(data.trials) == [1, 2, 3, 4, 5]
    assert data.trials[1].size == (24, 24) and data.trials[2].size == (36, 36)
    assert [data.trials[k].turns for k in range(1, 6)] == [6, 7, 8, 8, 8]


def test_BO_117_ready_made_companies_cost_300(data):
    for key, members in data.companies.items():
        assert sum(data.member_cost(m) for m in members) == 300, key
        assert 3 <= len(members) <= 6


def test_BO_112_upgrade_maximum_refused(data):
    m = Member(name="X", upgrades={"might": 4})
    probs = company_problems(data.recruitment, data.lore, [m, Member(name="Y"), Member(name="Z")])
    assert any("might" in msg for _, msg in probs)


def test_BO_116_two_leaders_refused(data):
    ms = [Member(name="A", lore=["leader"]), Member(name="B", lore=["leader"]), Member(name="C")]
    assert any("Leader" in msg for _, msg in company_problems(data.recruitment, data.lore, ms))


def test_BO_117_over_supplies_refused(data):
    ms = [Member(name=str(i), upgrades={"might": 3}, ranged="crossbow") for i in range(3)]
    assert any("more than 300" in msg for _, msg in company_problems(data.recruitment, data.lore, ms))


def test_BO_164_shadow_profiles(data):
    p = data.shadow.profiles
    w = p["warden"]
    # BO-164 proposed 3/1/1/2/16; tuned in shadow.yaml for the solo balance bar
    assert (w.might, w.aim, w.pace, w.ward, w.grit, w.value) == (2, 1, 1, 1, 12, 150)
    assert set(w.lore) == {"reach", "stout"}
    assert p["hollow_archer"].ranged == "bow" and p["hollow_archer"].behaviour == "skirmisher"


def test_bad_polygon_reports_file_and_line(tmp_path):
    folder = copy_data(tmp_path)
    f = folder / "trials.yaml"
    text = f.read_text()
    text = text.replace("poly: [[3, 8], [7, 8], [7, 10.5], [3, 10.5]]", "poly: [[3, 8], [70, 8], [7, 10.5], [3, 10.5]]")
    f.write_text(text)
    with pytest.raises(DataError) as exc:
        load_data(folder)
    msg = str(exc.value)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "[70, 8]" in l)
    assert f"trials.yaml:{line}" in msg and "off the 24" in msg


def test_bad_profile_and_company_collected_together(tmp_path):
    folder = copy_data(tmp_path)
    (folder / "shadow.yaml").write_text((folder / "shadow.yaml").read_text().replace("behaviour: lurker", "behaviour: sulker"))
    (folder / "companies.yaml").write_text((folder / "companies.yaml").read_text().replace("ranged: crossbow", "ranged: musket"))
    with pytest.raises(DataError) as exc:
        load_data(folder)
    msg = str(exc.value)
    assert "shadow.yaml:" in msg and "sulker" in msg
    assert "companies.yaml:" in msg and "musket" in msg
