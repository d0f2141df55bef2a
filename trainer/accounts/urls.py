"""/<lang>/accounts/...: sign-up, log-in, log-out, password change and reset; the
settings page (daily goal, desired retention, auto-advance)."""

from django.urls import path

from trainer.accounts import preferences, views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("reset/sent/", views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("reset/done/", views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("settings/", preferences.settings_page, name="settings"),
]
