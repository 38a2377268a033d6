"""Moving a session between machines: the pad's JSON export is uploaded on the other machine
and imported. Every hand is refereed and scored by the engine first; a bad file is refused
with the hand and field at fault, and nothing is imported."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from companion.kit.i18n import t
from companion.service.envelope import MAX_DOCUMENT_BYTES, Unreadable, read_json
from companion.service.exchange import problem
from companion.web.common import remember
from companion.web.service_door import get_service

bp = Blueprint("transfer", __name__)

MAX_IMPORT_BYTES = MAX_DOCUMENT_BYTES
"""An export of a long evening with every trick is well under this; the rest of the pad keeps
its 64 KB limit on a request."""


def read_upload() -> tuple[Any, list[dict[str, Any]]]:
    """The uploaded file as JSON, or the problem with it (named for the file field)."""
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return None, [problem(t("Choose the session's JSON export to import."), field="file")]
    raw = upload.stream.read(MAX_IMPORT_BYTES + 1)
    if len(raw) > MAX_IMPORT_BYTES:
        return None, [
            problem(t("The file is larger than any session export (4 MB)."), field="file")
        ]
    try:
        return read_json(raw), []
    except Unreadable as error:
        return None, [
            problem(
                t("The file is not a session export (not JSON: {error}).", error=str(error)),
                field="file",
            )
        ]


SHOWN_PROBLEMS = 20


def problem_words(found: dict[str, Any]) -> Any:
    """A refusal as a line beside the file field: "Hand 3, points: …"."""
    hand, message = found.get("hand"), found["message"]
    field = found.get("field") if found.get("field") not in (None, "file") else None
    if hand is not None and field is not None:
        return t(
            "Hand {number}, {field}: {message}", number=hand, field=str(field), message=message
        )
    if hand is not None:
        return t("Hand {number}: {message}", number=hand, message=message)
    if field is not None:
        return t("{field}: {message}", field=str(field), message=message)
    return message


def shown_problems(problems: list[dict[str, Any]]) -> list[Any]:
    """The first refusals in words, and how many more there are."""
    lines: list[Any] = [problem_words(found) for found in problems[:SHOWN_PROBLEMS]]
    if len(problems) > SHOWN_PROBLEMS:
        lines.append(t("… and {count} more.", count=len(problems) - SHOWN_PROBLEMS))
    return [*lines, t("Nothing was imported.")] if lines else []


@bp.route("/import", methods=["GET", "POST"])
def import_session() -> Response | str | tuple[str, int]:
    """The import page; a good file becomes a new session, opened at once."""
    if request.method == "GET":
        return render_template("import.html", problems=[])
    data, problems = read_upload()
    token = None
    if not problems:
        token, problems = get_service().sessions.import_document(data)
    if token is None:
        return render_template("import.html", problems=shown_problems(problems)), 422
    remember(token)
    return redirect(url_for("sessions.show", token=token), code=303)


def allow_a_larger_upload() -> None:
    """The import route reads up to 4 MB; every other request keeps the app's limit.

    Registered on the app before CSRFProtect's check (`init_web`): that check reads the form,
    and a limit raised after it would come too late (Werkzeug parses the body once)."""
    if request.endpoint == "transfer.import_session":
        request.max_content_length = MAX_IMPORT_BYTES + 64 * 1024
        # Werkzeug's multipart decoder holds part of a file in its buffer while it looks for
        # the boundary, and checks that buffer against this limit too: a file with many lines
        # is refused as 413 under a smaller one. The whole body is bounded above anyway.
        request.max_form_memory_size = request.max_content_length
