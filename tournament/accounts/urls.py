from django.urls import path

from tournament.accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.SignUpView.as_view(), name="signup"),
    path("signup/sent/", views.SignUpSentView.as_view(), name="signup_sent"),
    path("confirm/<str:token>/", views.ConfirmEmailView.as_view(), name="confirm_email"),
    path("confirm/", views.ResendConfirmationView.as_view(), name="resend_confirmation"),
    path("profile/", views.ProfileView.as_view(), name="profile"),
    path("tokens/", views.ApiTokensView.as_view(), name="api_tokens"),
    path("tokens/<row:token_id>/revoke/", views.RevokeApiTokenView.as_view(), name="revoke_token"),
    path("apps/<row:app_id>/revoke/", views.RevokeAppView.as_view(), name="revoke_app"),
    # Before django.contrib.auth.urls (mounted under the same prefix): these replace its views.
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
]
