"""``python manage.py prune_abandoned [--days N] [--dry-run]``: delete expired sessions
(Django's ``clearsessions``), anonymous tables never dealt at and idle for N days, and every
row of anonymous visitors who are gone: no account, no live session, nothing active for N
days (trainer/accounts/pruning.py says what is kept and why). ``--dry-run`` prints the
same counts and changes nothing. Run it daily (README: a cron line or a systemd timer)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from trainer.accounts.pruning import prune, require_database_sessions

DEFAULT_DAYS = 30


class Command(BaseCommand):
    help = (
        "Delete expired sessions, anonymous tables never dealt at, and the rows of anonymous "
        "visitors with no live session, all idle for --days days."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--days",
            type=int,
            default=DEFAULT_DAYS,
            help=f"days without activity before a row may go (default {DEFAULT_DAYS})",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="print the counts, delete nothing"
        )

    def handle(self, *args, days: int, dry_run: bool, **options):
        if days < 1:
            raise CommandError("--days must be at least 1.")
        now = timezone.now()
        try:
            require_database_sessions()
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        verb = "would delete" if dry_run else "deleted"
        expired = Session.objects.filter(expire_date__lt=now).count()
        if not dry_run:
            call_command("clearsessions")
        self.stdout.write(f"Expired sessions: {verb} {expired}")
        with transaction.atomic():
            empty, gone, rows = prune(now - timedelta(days=days), now)
            if dry_run:
                transaction.set_rollback(True)
        self.stdout.write(f"Empty anonymous tables idle {days}+ days: {verb} {empty}")
        self.stdout.write(f"Abandoned anonymous visitors: {gone}")
        listed = ", ".join(f"{label} {count}" for label, count in sorted(rows.items()))
        self.stdout.write(f"Rows: {verb} {sum(rows.values())}" + (f" ({listed})" if listed else ""))
