"""The one choice of how a message is reached: through a click's token while it is fresh and
reaches the message, else (and should the token fail) a paced REST request."""

from __future__ import annotations

from dataclasses import replace

from bot.announce.clicks import TOKEN_USABLE_SECONDS, USER_INSTALL_FOLLOW_UPS, Click, Token
from bot.announce.legs import ClickEdit, ClickFollowUp, PacedDm, PacedEdit, PacedPost
from bot.announce.routes import Address, Route, Spend, choose_route

DM_CHANNEL, HAND, OLD_HAND = 10, 100, 90
CHANNEL, ROUND_MESSAGE = 20, 200
ISSUED = 1000.0
FRESH, STALE = ISSUED + 60, ISSUED + TOKEN_USABLE_SECONDS


def click_on(channel_id: int, message_id: int | None, in_dm: bool = True) -> Click:
    return Click(Token("token", ISSUED, channel_id, message_id, in_dm, "en-US"))


def dm_hand(click: Click | None) -> Address:
    return Address(DM_CHANNEL, HAND, click, dm_of="7")


def test_a_fresh_click_on_the_message_edits_it_and_a_paced_edit_follows_should_it_fail() -> None:
    click = click_on(DM_CHANNEL, HAND)
    assert choose_route(dm_hand(click), FRESH) == Route(
        (ClickEdit(click), PacedEdit(DM_CHANNEL, HAND))
    )
    assert choose_route(dm_hand(click), STALE) == Route((PacedEdit(DM_CHANNEL, HAND),))
    assert choose_route(dm_hand(None), FRESH) == Route((PacedEdit(DM_CHANNEL, HAND),))


def test_a_click_on_another_message_does_not_reach_it() -> None:
    click = click_on(DM_CHANNEL, OLD_HAND)
    assert choose_route(dm_hand(click), FRESH) == Route((PacedEdit(DM_CHANNEL, HAND),))
    follow_up = Click(click.token, HAND)
    assert choose_route(dm_hand(follow_up), FRESH)[0] == ClickEdit(follow_up)


def test_while_clicked_spends_a_request_only_while_the_latest_click_is_fresh() -> None:
    elsewhere = click_on(DM_CHANNEL, OLD_HAND)
    while_clicked = Spend.WHILE_CLICKED
    assert choose_route(dm_hand(elsewhere), FRESH, spend=while_clicked) == Route(
        (PacedEdit(DM_CHANNEL, HAND),)
    )
    assert choose_route(dm_hand(elsewhere), STALE, spend=while_clicked) == Route()
    assert choose_route(dm_hand(None), FRESH, spend=while_clicked) == Route()


def test_a_new_dm_hand_follows_up_the_click_on_the_last_one_else_goes_by_rest() -> None:
    click = click_on(DM_CHANNEL, HAND)
    assert choose_route(dm_hand(click), FRESH, new=True) == Route(
        (ClickFollowUp(click.token), PacedDm("7"))
    )
    assert choose_route(dm_hand(click), STALE, new=True) == Route((PacedDm("7"),))
    never_sent = Address(click=click, dm_of="7")
    assert choose_route(never_sent, FRESH, new=True) == Route((PacedDm("7"),))


def test_an_ephemeral_hand_is_reached_only_through_its_click() -> None:
    click = click_on(CHANNEL, ROUND_MESSAGE, in_dm=False)
    assert choose_route(Address(click=click), FRESH) == Route((ClickEdit(click),))
    assert choose_route(Address(click=click), STALE) == Route()
    assert choose_route(Address(), FRESH) == Route()


def test_a_channel_message_follows_up_a_click_in_that_channel() -> None:
    click = click_on(CHANNEL, ROUND_MESSAGE, in_dm=False)
    address = Address(CHANNEL, click=click, attachments=False)
    assert choose_route(address, FRESH, new=True) == Route(
        (ClickFollowUp(click.token), PacedPost(CHANNEL, attachments=False))
    )
    elsewhere = Address(CHANNEL + 1, click=click)
    assert choose_route(elsewhere, FRESH, new=True) == Route((PacedPost(CHANNEL + 1),))


def test_where_only_clicks_reach_the_channel_no_route_goes_by_rest() -> None:
    click = click_on(CHANNEL, ROUND_MESSAGE, in_dm=False)
    address = Address(CHANNEL, ROUND_MESSAGE, click, rest=False)
    assert choose_route(address, FRESH) == Route((ClickEdit(click),))
    assert choose_route(address, STALE) == Route()
    assert choose_route(Address(CHANNEL, click=click, rest=False), STALE, new=True) == Route()


def test_a_user_installs_click_follows_up_five_times_and_no_more() -> None:
    limited = Click(Token("token", ISSUED, CHANNEL, ROUND_MESSAGE, False, "en-US", limited=True))
    unlimited = click_on(CHANNEL, ROUND_MESSAGE, in_dm=False)
    for click in (limited, unlimited):
        click.token.follow_ups.sent = USER_INSTALL_FOLLOW_UPS - 1
    new = Address(CHANNEL, click=limited, rest=False)
    assert choose_route(new, FRESH, new=True) == Route((ClickFollowUp(limited.token),))
    limited.token.follow_ups.sent += 1
    assert choose_route(new, FRESH, new=True) == Route()
    # Editing through it is not a follow-up; and a server's install is not limited so.
    assert choose_route(replace(new, message_id=ROUND_MESSAGE), FRESH) == Route(
        (ClickEdit(limited),)
    )
    unlimited.token.follow_ups.sent += 1
    assert choose_route(Address(CHANNEL, click=unlimited), FRESH, new=True)[0] == (
        ClickFollowUp(unlimited.token)
    )
