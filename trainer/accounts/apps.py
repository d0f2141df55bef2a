from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-up, log-in and password reset with Django's auth; an account keeps one visitor
    id (the person's history) across browsers."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "trainer.accounts"
    label = "accounts"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.core import checks

        from trainer.accounts.handover import carry_history_on_login
        from trainer.accounts.models import Account
        from trainer.web.visitors import check_visitor_models, use_account_visitors

        checks.register(check_visitor_models)
        use_account_visitors(lambda user, visitor: Account.for_user(user, visitor).visitor)
        user_logged_in.connect(carry_history_on_login, dispatch_uid="accounts.carry_history")
