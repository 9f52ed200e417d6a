"""The HTML pages: home, judge console, player page, public thread."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

HERE = Path(__file__).parent
STATIC = HERE / "static"
templates = Jinja2Templates(directory=HERE / "templates")
router = APIRouter()


def error_page(request: Request, message: str, status: int) -> HTMLResponse:
    return templates.TemplateResponse(request, "error.html", {"message": message}, status_code=status)
