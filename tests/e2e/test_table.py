"""The table in a real browser: chips, deal, keyboard shortcuts, HTMX swaps in place, the
bankroll kept in step with the round's net, Russian button words, and the same game played
without JavaScript through plain form posts. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from game.table.models import TableSession
from tests.e2e.tables import TABLE_URL, open_table
from tests.factories import casino_state, stacked_shoe

pytestmark = pytest.mark.django_db(transaction=True)

TIMEOUT = 10_000  # ms
ARTIFACTS_DIR = Path(__file__).resolve().parents[2] / "test-artifacts"


def number(text: str) -> Decimal:
    """A number as the page prints it: "1,015", "+37.50", "-25" (English formats, U+2212)."""
    return Decimal(text.strip().replace(",", "").replace("+", "").replace("\u2212", "-"))


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS_DIR.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS_DIR / f"{name}.png", full_page=True)


def version(page: Page) -> str | None:
    # The first: the table's count question (issue 15) may carry the same version too.
    field = page.locator('#table-felt input[name="version"]')
    return field.first.get_attribute("value") if field.count() else None


def wait_for_new_version(page: Page, old: str | None) -> None:
    """Wait until the felt was swapped for a newer state of the table."""
    page.wait_for_function(
        """old => {
            const field = document.querySelector('#table-felt input[name="version"]');
            return field && field.value !== old
                && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling');
        }""",
        arg=old,
        timeout=TIMEOUT,
    )


def round_settled(page: Page) -> bool:
    return page.locator("[data-testid=round-result]").count() > 0


def best_total(page: Page) -> int:
    """The active hand's total ("7/17" counts as 17)."""
    hand = page.locator("[data-testid=hand].active [data-testid=hand-total]")
    if not hand.count():
        hand = page.locator("[data-testid=hand-total]").last
    return int(hand.first.inner_text().split("/")[-1])


def play_out_with_keys(page: Page) -> None:
    """Press H below 12 (no bust possible) and S otherwise until the round is settled."""
    for _ in range(30):
        if round_settled(page):
            return
        expect(page.locator("form.actions")).to_be_visible()
        key = "h" if best_total(page) < 12 else "s"
        old = version(page)
        page.keyboard.press(key)
        wait_for_new_version(page, old)
    pytest.fail("the round did not end after 30 key presses")


def settled_net(page: Page) -> Decimal:
    """The round's net as the page states it, checked against the hand nets and the
    result sentence."""
    nets = [number(t) for t in page.locator("[data-testid=hand-net]").all_inner_texts()]
    assert nets, "a settled round shows each hand's net"
    net = sum(nets, Decimal(0))
    result = page.locator("[data-testid=round-result]").inner_text().strip()
    if net == 0:
        assert re.fullmatch(r"Push: your [\d,.]+ chips? back\.", result), result
    else:
        match = re.fullmatch(r"You (won|lost) ([\d,.]+) chips?\.", result)
        assert match, result
        assert match.group(1) == ("won" if net > 0 else "lost")
        assert number(match.group(2)) == abs(net)
    return net


def shown_bankroll(page: Page) -> Decimal:
    return number(page.locator("[data-testid=bankroll]").inner_text())


def deal_by_click(page: Page) -> None:
    old = version(page)
    page.locator("button.deal").click()
    wait_for_new_version(page, old)


# -- with JavaScript: HTMX, chips and keys -----------------------------------------------------
def test_two_rounds_with_chips_and_keyboard_update_the_page_in_place(live_server, page) -> None:
    # The empty table: nothing is written until the first deal.
    page.goto(live_server.url + "/en/table/")
    assert page.url == live_server.url + "/en/table/"
    assert not TableSession.objects.exists()
    assert shown_bankroll(page) == 1000
    bet = page.locator('input[name="bet"]')
    expect(bet).to_have_value("10")  # the last bet

    # Chips add to the bet; Clear empties it.
    page.locator('button[data-chip="25"]').click()
    expect(bet).to_have_value("35")
    page.locator('button[data-chip="5"]').click()
    expect(bet).to_have_value("40")
    page.locator("button[data-chip-clear]").click()
    expect(bet).to_have_value("")
    page.locator('button[data-chip="25"]').click()
    expect(bet).to_have_value("25")

    # A full page load would clear this; an HTMX swap keeps it.
    page.evaluate("window.__marker = 1")
    # The chip gave the keyboard back: Enter deals (it does not add another chip).
    old = version(page)
    page.keyboard.press("Enter")
    wait_for_new_version(page, old)
    dealt = TableSession.objects.get()
    assert dealt.game.round is not None and dealt.last_bet == 25  # dealt with the chips' 25
    # The first deal opened the table; the address bar now holds its page.
    table_url = f"{live_server.url}/en/table/{dealt.public_id}/"
    assert page.url == table_url
    if not round_settled(page):  # a natural settles at the deal
        expect(page.locator("[data-testid=bankroll]")).to_have_text("1,000")
        expect(page.locator(".staked")).to_have_text("25 on the table")
        expect(page.locator("[data-testid=dealer-cards] .card.back")).to_have_count(1)
        expect(page.locator("[data-testid=dealer-cards] .card")).to_have_count(2)
        screenshot(page, "table-en-in-play")
    play_out_with_keys(page)
    screenshot(page, "table-en-settled")

    first_net = settled_net(page)
    assert shown_bankroll(page) == 1000 + first_net
    assert page.evaluate("window.__marker") == 1, "the page was reloaded instead of swapped"
    expect(page.locator(".history tbody tr")).to_have_count(1)
    expect(page.locator("[data-testid=dealer-cards] .card.back")).to_have_count(0)

    # Second round: Enter deals the last bet again.
    expect(bet).to_have_value("25")
    old = version(page)
    page.keyboard.press("Enter")
    wait_for_new_version(page, old)
    play_out_with_keys(page)
    second_net = settled_net(page)
    assert shown_bankroll(page) == 1000 + first_net + second_net
    expect(page.locator(".history tbody tr")).to_have_count(2)
    assert page.evaluate("window.__marker") == 1
    assert page.url == table_url

    # The server agrees with what the page shows after a real reload.
    page.reload()
    assert page.evaluate("window.__marker") is None
    assert shown_bankroll(page) == 1000 + first_net + second_net


def test_s_key_stands(live_server, page) -> None:
    page.goto(live_server.url + "/en/table/")
    for _ in range(10):  # deal until a round waits for the player (not a natural)
        deal_by_click(page)
        if not round_settled(page):
            break
    expect(page.locator("form.actions button.stand")).to_be_visible()
    bankroll_before = shown_bankroll(page)  # after any natural dealt on the way
    cards_before = page.locator("[data-testid=hand] .card").count()
    old = version(page)
    page.keyboard.press("s")
    wait_for_new_version(page, old)
    # Standing takes no card and ends the only hand: the dealer plays and the round settles.
    expect(page.locator("[data-testid=round-result]")).to_be_visible()
    assert page.locator("[data-testid=hand] .card").count() == cards_before
    assert page.locator("[data-testid=dealer-cards] .card.back").count() == 0
    assert shown_bankroll(page) == bankroll_before + settled_net(page)


def test_russian_table_uses_russian_button_words(live_server, page) -> None:
    open_table(page, live_server.url, "ru")
    assert page.locator("html").get_attribute("lang") == "ru"
    for _ in range(10):
        deal_by_click(page)
        if not round_settled(page):
            break
    actions = page.locator("form.actions")
    expect(actions).to_be_visible()
    screenshot(page, "table-ru-in-play")
    # Seed 002's words for hit and stand.
    expect(actions.locator("button.hit")).to_contain_text("Ещё")
    expect(actions.locator("button.stand")).to_contain_text("Хватит")


def test_scripted_natural_then_split_and_double_by_keys(live_server, page) -> None:
    """A stacked shoe: a natural on 25 pays 37.50, then 8,8 split (P), the first hand doubled
    (D) onto 21, the second stood (S) on 17, and the dealer's 16 busts."""
    public_id = open_table(page, live_server.url)
    TableSession.objects.filter(public_id=public_id).update(
        state=casino_state(
            stacked_shoe(["AS", "9D", "KC", "7H", "8S", "6C", "8D", "TH", "3C", "TC", "9D", "7S"])
        )
    )
    page.locator("button[data-chip-clear]").click()
    page.locator('button[data-chip="25"]').click()
    deal_by_click(page)
    expect(page.locator("[data-testid=round-result]")).to_have_text("You won 37.5 chips.")
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,037.50")
    assert settled_net(page) == Decimal("37.5")

    old = version(page)
    page.keyboard.press("Enter")
    wait_for_new_version(page, old)
    expect(page.locator("form.actions button.split")).to_be_visible()
    for key, hands_on_the_table in (("p", "50"), ("d", "75")):
        old = version(page)
        page.keyboard.press(key)
        wait_for_new_version(page, old)
        expect(page.locator(".staked")).to_have_text(f"{hands_on_the_table} on the table")
    expect(page.locator("[data-testid=hand]")).to_have_count(2)
    expect(page.locator("[data-testid=hand].active [data-testid=hand-total]")).to_have_text("17")
    screenshot(page, "table-en-split-in-play")
    old = version(page)
    page.keyboard.press("s")
    wait_for_new_version(page, old)
    expect(page.locator("[data-testid=hand-net]")).to_have_text(["+50", "+25"])
    expect(page.locator("[data-testid=dealer-total]")).to_have_text("23")
    assert settled_net(page) == 75
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,112.50")
    screenshot(page, "table-en-split-settled")


def test_croatian_surrender_phase_by_keys_in_seat_3(live_server, page) -> None:
    """Seed 001: surrender is offered to every seat before anyone draws. AI 1 holds 12 (the
    easy level hits it), AI 2 18; you hold 16 in seat 3 against a 9: R surrenders before AI 1
    draws its 5; the dealer's 8 makes 17."""
    public_id = open_table(page, live_server.url, "hr")
    TableSession.objects.filter(public_id=public_id).update(
        variant="croatian",
        seat_count=3,
        human_seat=2,
        ai_level="easy",
        state=casino_state(stacked_shoe(["TS", "9D", "TC", "9H", "2C", "9C", "6D", "5S", "8D"])),
    )
    page.reload()
    deal_by_click(page)
    expect(page.locator("form.actions button.no_surrender")).to_have_text(re.compile("Bez predaje"))
    expect(page.locator('[data-card="5S"]')).to_have_count(0)
    screenshot(page, "table-hr-croatian-surrender-phase")
    old = version(page)
    page.keyboard.press("r")
    wait_for_new_version(page, old)
    expect(page.locator("[data-testid=hand-net]")).to_have_text("\u22125")
    expect(page.locator('[data-card="5S"]')).to_have_count(1)
    expect(page.locator("[data-testid=bankroll]")).to_have_text("995")


# -- without JavaScript: plain form posts --------------------------------------------------------
def test_table_plays_without_javascript(live_server, browser: Browser) -> None:
    context = browser.new_context(
        java_script_enabled=False, locale="en-US", viewport={"width": 1280, "height": 900}
    )
    try:
        page = context.new_page()
        # The empty table's Deal opens the table and leads to its page.
        page.goto(live_server.url + "/en/table/")
        page.locator('input[name="bet"]').fill("20")
        table_url = ""
        for _ in range(10):
            with page.expect_navigation():
                page.locator("button.deal").click()
            table_url = table_url or page.url
            assert TABLE_URL.search(table_url)
            assert page.url == table_url  # post, then redirect back to the table
            if not round_settled(page):
                break
            page.locator('input[name="bet"]').fill("20")
        if not round_settled(page):
            expect(page.locator(".staked")).to_have_text("20 on the table")
            with page.expect_navigation():
                page.locator("form.actions button.stand").click()
            assert page.url == table_url
        expect(page.locator("[data-testid=round-result]")).to_be_visible()
        screenshot(page, "table-en-no-javascript")
        records = page.locator(".history tbody tr").count()
        nets = [number(r) for r in page.locator(".history tbody td:last-child").all_inner_texts()]
        assert len(nets) == records >= 1
        assert shown_bankroll(page) == 1000 + sum(nets, Decimal(0))
        assert settled_net(page) == nets[0]  # the newest round is listed first
    finally:
        context.close()


def test_new_session_asks_first_and_opens_a_fresh_table(live_server, page) -> None:
    open_table(page, live_server.url)
    first_url = page.url
    page.locator('input[name="bet"]').fill("100")
    deal_by_click(page)
    if not round_settled(page):
        expect(page.locator(".staked")).to_have_text("100 on the table")

    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="New session").click()
    page.wait_for_timeout(300)
    assert page.url == first_url  # dismissed: the table goes on

    messages: list[str] = []

    def accept(dialog) -> None:
        messages.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name="New session").click()
    expect(page).not_to_have_url(first_url)
    assert messages == ["Start a new session with 1,000 fresh chips? This table will end."]
    expect(page.locator("[data-testid=bankroll]")).to_have_text("1,000")
    expect(page.locator(".staked")).to_have_count(0)


def test_new_session_asks_first_after_the_empty_tables_first_deal(live_server, page) -> None:
    """The first deal opens the table in place (HTMX, no reload): New session then asks
    before ending it, as it does on a reloaded page."""
    page.goto(live_server.url + "/en/table/")
    deal_by_click(page)
    expect(page).to_have_url(TABLE_URL)
    first_url = page.url
    messages: list[str] = []

    def dismiss(dialog) -> None:
        messages.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_role("button", name="New session").click()
    page.wait_for_timeout(300)
    assert messages == ["Start a new session with 1,000 fresh chips? This table will end."]
    assert page.url == first_url  # dismissed: the table goes on
    assert TableSession.objects.filter(ended_at__isnull=True).count() == 1


def test_shortcuts_follow_the_physical_key_on_a_cyrillic_layout(live_server, page) -> None:
    """With a Russian layout the S key types "ы"; the shortcut still stands."""
    open_table(page, live_server.url, "ru")  # makes this browser's visitor and table
    own = TableSession.objects.get()
    own.state = casino_state(stacked_shoe(["TS", "6D", "9C", "TH", "5C"]))
    own.save()
    page.reload()
    old = version(page)
    page.keyboard.press("Enter")
    wait_for_new_version(page, old)
    expect(page.locator("button.action.stand")).to_have_text(re.compile("Хватит"))
    old = version(page)
    page.evaluate(
        "document.body.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: 'ы', code: 'KeyS', bubbles: true}))"
    )
    wait_for_new_version(page, old)
    expect(page.locator("[data-testid=round-result]")).to_be_visible()
    # T,9 = 19 against 6,T drawing a 5 = 21: the stand was applied and lost.
    expect(page.locator("[data-testid=hand-outcome]")).to_have_text("Проигрыш")


@pytest.mark.parametrize(
    ("variant", "name"),
    [
        ("ajnc", "Serbian Ajnc"),
        ("croatian", "Croatian casino blackjack"),
        ("russian", "Russian online blackjack"),
        ("european", "European blackjack"),
    ],
)
def test_each_casino_variant_plays_a_round(live_server, page, variant, name) -> None:
    page.goto(live_server.url + "/en/table/")
    page.locator('select[name="variant"]').select_option(variant)
    page.get_by_role("button", name="New session").click()  # nothing to end: no question
    expect(page.locator("[data-testid=variant-name]")).to_have_text(name)
    table = TableSession.objects.get(ended_at__isnull=True)
    assert table.variant == variant
    page.locator('input[name="bet"]').fill("20")
    deal_by_click(page)
    for _ in range(30):
        if round_settled(page):
            break
        old = version(page)
        if page.locator("button.action.no_insurance, button.action.no_surrender").count():
            page.keyboard.press("n")  # N declines insurance or the Croatian surrender phase
        else:
            page.keyboard.press("h" if best_total(page) < 12 else "s")
        wait_for_new_version(page, old)
    net = settled_net(page)
    assert shown_bankroll(page) == 1000 + net
    table.refresh_from_db()
    assert table.bankroll == 1000 + net
    assert table.records.count() == 1
    screenshot(page, f"variant-{variant}-settled")
