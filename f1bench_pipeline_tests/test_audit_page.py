"""The audit web page, end to end in a real headless Chromium (Debian's, driven by selenium).

`make test` installs chromium and chromium-driver when they are missing (as root); where
they cannot be had, these tests skip with the reason. Screenshots go to
``test-artifacts/`` (or ``$F1BENCH_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from f1bench_pipeline.audit.server import serve

pytestmark = pytest.mark.browser


ARTIFACTS = Path(os.environ.get("F1BENCH_TEST_ARTIFACTS", Path(__file__).resolve().parents[1] / "test-artifacts"))


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e .[dev])")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        pytest.skip("Debian's chromium and chromium-driver are not installed (make test installs them as root)")
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--window-size=1400,1000"):
        opts.add_argument(flag)
    drv = webdriver.Chrome(service=Service(driver_path), options=opts)
    drv.set_page_load_timeout(30)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    yield drv
    drv.quit()


def _serving(warehouse_dir: Path):
    server = serve(warehouse_dir, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _wait(drv, script: str, timeout: float = 20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout).until(lambda d: d.execute_script(script))


def _select(drv, element_id: str, value: str, timeout: float = 20) -> None:
    """Select ``value`` once the list holds it: the page refills a list after each fetch, so an
    option seen a moment ago may be replaced before the click (retry until it sticks)."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import Select, WebDriverWait

    def chosen(d) -> bool:
        try:
            Select(d.find_element("id", element_id)).select_by_value(value)
            return d.execute_script(f"return document.getElementById('{element_id}').value") == value
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    WebDriverWait(drv, timeout).until(chosen)


def test_audit_page_highlights_claims_and_missed_facts(browser, sample_build):
    server, url = _serving(sample_build["settings"].warehouse_dir)
    try:
        browser.get(url)
        _wait(browser, "return document.body.dataset.ready === 'yes'")
        _select(browser, "season", "2024")
        _wait(browser, "return document.getElementById('race').options.length > 0")
        _select(browser, "system", "template-noisy")
        _select(browser, "lang", "es")
        _wait(browser, "return [...document.getElementById('instance').options].some(o => o.value.endsWith('::stint::LEC'))")
        _select(browser, "instance", "2024_Italian_Grand_Prix::stint::LEC")
        _wait(browser, "return document.body.dataset.shown === '2024_Italian_Grand_Prix::stint::LEC|template-noisy|es|default'")
        _wait(browser, "return document.querySelectorAll('#answer mark').length > 0")
        answer = browser.find_element("id", "answer")
        assert "LEC" in answer.text and "vuelta" in answer.text
        labels = {m.get_attribute("class") for m in answer.find_elements("css selector", "mark")}
        assert "supported" in labels and labels <= {"supported", "contradicted", "unverifiable"}
        reasons = [m.get_attribute("title") for m in answer.find_elements("css selector", "mark")]
        assert all(" — " in r for r in reasons)  # the verdict's reason on hover
        assert "Pit lap 15: MEDIUM->HARD" in browser.find_element("id", "context").text
        assert browser.find_element("id", "claims").find_elements("css selector", "tr")
        browser.save_screenshot(str(ARTIFACTS / "audit_answer.png"))

        browser.find_element("id", "tab-board").click()
        _wait(browser, "return document.querySelectorAll('#lb tr').length > 3")
        rows = [r.text for r in browser.find_elements("css selector", "#rank tr")][1:]
        terse = next(r for r in rows if r.startswith("template-terse"))
        assert terse.split()[1] == "1"  # first by precision…
        _wait(browser, "return document.body.dataset.figure !== undefined")
        # the figure of `f1bench plot`, inline: a point and a label per system × language (3 × 3)
        assert len(browser.find_elements("css selector", "#pr-figure g[id^='point_']")) >= 9
        browser.save_screenshot(str(ARTIFACTS / "audit_leaderboard.png"))
    finally:
        server.shutdown()


# Every two label boxes of the figure that overlap, as the browser lays the text out.
_OVERLAPS = """
const boxes = [...document.querySelectorAll("#pr-figure g[id^='label_'] text")].map((t) => {
  const r = t.getBoundingClientRect();
  return {text: t.textContent, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom};
});
const out = [];
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const a = boxes[i], b = boxes[j];
  if (a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1) out.push([a.text, b.text]);
}
return {n: boxes.length, empty: boxes.filter((b) => b.x1 - b.x0 < 5).length, overlaps: out};
"""


def test_audit_page_figure_labels_do_not_overlap_and_download(browser, sample_build):
    """The leaderboard tab shows the precision–recall figure with every system × language labelled,
    no two labels' boxes meeting as Chromium renders them (the old scatter wrote
    "template-noisy en/es/pt" on top of one another), and links to the same figure as SVG and PNG."""
    import urllib.request

    server, url = _serving(sample_build["settings"].warehouse_dir)
    try:
        browser.get(url)
        _wait(browser, "return document.body.dataset.ready === 'yes'")
        browser.find_element("id", "tab-board").click()
        for season in ("2025", "2024", "2021"):
            _select(browser, "b-season", season)
            _wait(browser, f"return document.body.dataset.figure === '{season}|default'")
            got = browser.execute_script(_OVERLAPS)
            assert got["n"] >= 9 and got["empty"] == 0, (season, got)
            assert got["overlaps"] == [], (season, got["overlaps"])
            labels = {t.text for t in browser.find_elements("css selector", "#pr-figure g[id^='label_'] text")}
            assert {"template-noisy · en", "template-noisy · es", "template-noisy · pt"} <= labels
        browser.find_element("id", "pr-figure").screenshot(str(ARTIFACTS / "audit_figure.png"))
        svg_link = browser.find_element("id", "fig-svg").get_attribute("href")
        png_link = browser.find_element("id", "fig-png").get_attribute("href")
        assert "season=2021" in svg_link and "variant=default" in svg_link
        with urllib.request.urlopen(svg_link, timeout=60) as r:
            assert r.headers["Content-Type"] == "image/svg+xml"
            assert ">template-terse · pt</text>" in r.read().decode()
        with urllib.request.urlopen(png_link, timeout=60) as r:
            assert r.headers["Content-Type"] == "image/png" and r.read(8) == b"\x89PNG\r\n\x1a\n"
    finally:
        server.shutdown()


def test_audit_page_warns_of_a_low_reading_coverage(browser, sample_build, monkeypatch):
    """The systems table shows each system's reading coverage, and a system × language under
    ``reading_coverage_warn_below`` gets a WARN line naming both (here: a threshold above the
    coverage of the noisy and faithful templates; at the default, the sample has none)."""
    from f1bench_pipeline.settings import get_settings

    monkeypatch.setenv("F1BENCH_READING_COVERAGE_WARN_BELOW", "1")
    get_settings.cache_clear()
    server, url = _serving(sample_build["settings"].warehouse_dir)
    try:
        browser.get(url)
        _wait(browser, "return document.body.dataset.ready === 'yes'")
        browser.find_element("id", "tab-board").click()
        _wait(browser, "return document.querySelectorAll('#coverage-warn p.warn').length > 0")
        warns = [p.text for p in browser.find_elements("css selector", "#coverage-warn p.warn")]
        # every template but the terse one (read entirely) leaves a few tokens unread
        assert warns and all(w.startswith("WARN reading coverage of template-") for w in warns)
        assert any(w.endswith("rest on the part it did read") and "(en)" in w for w in warns)
        assert "reading coverage" in browser.find_element("css selector", "#lb tr").text
    finally:
        server.shutdown()
        monkeypatch.delenv("F1BENCH_READING_COVERAGE_WARN_BELOW")
        get_settings.cache_clear()


def test_audit_page_on_an_empty_warehouse(browser, tmp_path):
    server, url = _serving(tmp_path / "warehouse")
    try:
        browser.get(url)
        _wait(browser, "return document.body.dataset.ready === 'empty'")
        assert "make demo" in browser.find_element("id", "empty").text
        browser.save_screenshot(str(ARTIFACTS / "audit_empty.png"))
    finally:
        server.shutdown()


def test_audit_page_shows_the_verifier_guided_rounds(browser, sample_build):
    """A noisy answer of the test season: round 0 and the revised round 1, with the
    instructions that were sent back and the revised answer."""
    iid = "2025_Canadian_Grand_Prix::stint::RUS"
    server, url = _serving(sample_build["settings"].warehouse_dir)
    try:
        browser.get(url)
        _wait(browser, "return document.body.dataset.ready === 'yes'")
        _select(browser, "season", "2025")
        _wait(browser, "return [...document.getElementById('race').options].some(o => o.value === '2025|10')")
        _select(browser, "race", "2025|10")
        _wait(browser, f"return [...document.getElementById('instance').options].some(o => o.value === '{iid}')")
        _select(browser, "system", "template-noisy")
        _select(browser, "instance", iid)
        _wait(browser, f"return (document.body.dataset.rounds || '').startsWith('{iid}|')")
        rows = [r.text for r in browser.find_elements("css selector", "#rounds-table tr")][1:]
        assert len(rows) == 2 and rows[0].startswith("0 ok") and rows[1].startswith("1 ok")
        assert rows[1].split()[2:5] == ["1", "1", "1"]  # precision, recall, F1 after the round
        assert "nothing_to_fix" in rows[1]
        details = browser.find_element("css selector", "#rounds details.round")
        details.click()
        assert "A fact-checker compared your answer" in details.text
        browser.save_screenshot(str(ARTIFACTS / "audit_rounds.png"))
    finally:
        server.shutdown()
