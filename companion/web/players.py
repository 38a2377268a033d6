"""The roster: the players of this pad across sessions, renamed and merged by hand.

Every seat of every session is linked to a player when the session starts (a name seen
before, in any case, spacing or look-alike characters, is the same player: `read_name`).
Renaming changes the name the roster and the statistics use; the sessions already played keep
the names as they were typed then (a score sheet is not rewritten), and the old spelling still
names the player in a new session. Merging two spellings of one person moves every seat of one
onto the other; the other is typed or picked by name from the page's one list of names, and
found by that name when the form is sent. The page lists every player on one line each and
draws the forms of one player only (`?edit=<id>`), so a club's roster stays a small page. Each
form carries the version of the player it was opened for: a change made meanwhile on another
phone is refused (409), never overwritten."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.contract.names import NAME_READ_LIMIT, read_name
from companion.contract.parsing import read_count
from companion.contract.registry import get
from companion.kit import formatting
from companion.kit.i18n import Text, t, tn
from companion.service import NameTaken, Player, SamePlayer, SatTogether, StaleWrite
from companion.web.language import flash_said
from companion.web.new_session import NAME_LIMIT
from companion.web.service_door import get_service

bp = Blueprint("players", __name__)


@dataclass
class RosterForm:
    """What was typed into one player's forms when refused, and what is wrong with it."""

    player: int
    name: str | None = None
    into: str | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)


def read_player_id(text: str) -> int:
    """A player id from the path, strictly: anything but a short number is a 404."""
    player_id = read_count(text, digits=9)
    if player_id is None:
        abort(404)
    return player_id


@bp.get("/players")
def roster() -> str:
    """The roster: each player and the sessions they sat in; the player chosen (`?edit=<id>`)
    with the forms to rename and merge them (one row's forms, so the page stays small)."""
    editing = read_count(request.args.get("edit", ""), digits=9)
    return _page(editing, None)


def _page(editing: int | None, refused: RosterForm | None) -> str:
    """The roster page with the forms of the player `editing` open (or the refused form's)."""
    return render_template(
        "players/roster.html",
        players=get_service().players.all(),
        editing=refused.player if refused else editing,
        refused=refused,
    )


def _refused(form: RosterForm, status: int) -> tuple[str, int]:
    """The roster again, the refused form as typed with its problem beside the field."""
    return _page(None, form), status


def _player_or_404(player_id: int) -> Player:
    player = get_service().players.get(player_id)
    if player is None:
        abort(404)
    return player


@bp.post("/players/<player>/rename")
def rename(player: str) -> Response | tuple[str, int]:
    """Rename a player (the statistics follow; old score sheets keep their names)."""
    current = _player_or_404(read_player_id(player))
    name = read_name(request.form.get("name"))
    form = RosterForm(current.id, name=name)
    seen = read_count(request.form.get("version", ""), digits=9)
    if not name:
        form.errors["name"] = [t("Enter the player's new name.")]
    elif len(name) > NAME_LIMIT:
        form.errors["name"] = [t("Keep names to {limit} characters.", limit=NAME_LIMIT)]
    if form.errors:
        return _refused(form, 422)
    try:
        get_service().players.rename(current.id, name, seen if seen is not None else -1)
    except StaleWrite:
        now = get_service().players.get(current.id)
        form.errors["name"] = [stale_words(now) if now else merged_away_words()]
        return _refused(form, 409)
    except NameTaken as taken:
        form.errors["name"] = [taken_words(name, get_service().players.get(taken.owner))]
        return _refused(form, 422)
    flash_said(
        t(
            "{old} is now {new}. Sessions already played keep the names as typed.",
            old=current.name,
            new=name,
        )
    )
    return redirect(url_for("players.roster", _anchor=f"player-{current.id}"), code=303)


@bp.post("/players/<player>/merge")
def merge(player: str) -> Response | tuple[str, int]:
    """Merge a player into another, typed or picked by name: one person written two ways."""
    current = _player_or_404(read_player_id(player))
    typed = str(request.form.get("into", ""))[:NAME_READ_LIMIT]
    form = RosterForm(current.id, into=typed)
    seen = read_count(request.form.get("version", ""), digits=9)
    name = read_name(typed)
    target = get_service().players.named(name) if name else None
    if not name:
        form.errors["into"] = [t("Type the name of the player they are the same person as.")]
        return _refused(form, 422)
    if target is None:
        form.errors["into"] = [
            t("No player on the roster is named {name}: type a name from the list.", name=name)
        ]
        return _refused(form, 422)
    try:
        get_service().players.merge(current.id, target.id, seen if seen is not None else -1)
    except SamePlayer:
        form.errors["into"] = [
            t("That is {name}: choose another player to merge into.", name=current.name)
        ]
        return _refused(form, 422)
    except SatTogether as together:
        form.errors["into"] = [together_words(current, target, together)]
        return _refused(form, 422)
    except StaleWrite:
        form.errors["into"] = [
            t(
                "One of the two players was renamed or merged on another "
                "phone since this page was opened, so nothing was merged. "
                "Check the roster as it is now, then merge again."
            )
        ]
        return _refused(form, 409)
    flash_said(
        t(
            "{first} and {second} are one player now: {second}, with every session of both.",
            first=current.name,
            second=target.name,
        )
    )
    return redirect(url_for("players.roster", _anchor=f"player-{target.id}"), code=303)


def taken_words(name: str, owner: Player | None) -> Text:
    """Why a rename was refused: the name is another player's."""
    if owner is None:
        return t(
            "{name} names another player already: if they are one person, merge them instead.",
            name=name,
        )
    return t(
        "{name} names {owner} already: if they are one person, merge them instead.",
        name=name,
        owner=owner.name,
    )


def stale_words(player: Player) -> Text:
    """Why a rename was not saved: the player changed on another phone."""
    return t(
        "This player was renamed or merged on another phone after this page was opened "
        "(now: {name}), so nothing was changed. Your name is kept here: save again to "
        "apply it.",
        name=player.name,
    )


def merged_away_words() -> Text:
    """Why a rename was not saved: the player was merged into another on another phone."""
    return t(
        "This player was merged into another player on another phone after this page was "
        "opened, so nothing was changed. Check the roster as it is now."
    )


def together_words(current: Player, target: Player, together: SatTogether) -> Text:
    """Why two players cannot be merged: they sat at one table (the first such session named,
    and how many more)."""
    if not together.sessions:
        return t(
            "{first} and {second} sat in the same session: they are two people, so they "
            "cannot be merged.",
            first=current.name,
            second=target.name,
        )
    session = together.sessions[0]
    game, day = get(session.setup.game).name, formatting.local_day(session.created_at)
    more = len(together.sessions) - 1
    if more == 0:
        return t(
            "{first} and {second} sat in the same session ({game}, {day}): they are two "
            "people, so they cannot be merged.",
            first=current.name,
            second=target.name,
            game=game,
            day=day,
        )
    return tn(
        "{first} and {second} sat in the same session ({game}, {day}) and {count} more: "
        "they are two people, so they cannot be merged.",
        "{first} and {second} sat in the same session ({game}, {day}) and {count} more: "
        "they are two people, so they cannot be merged.",
        more,
        first=current.name,
        second=target.name,
        game=game,
        day=day,
    )
