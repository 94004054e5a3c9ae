from django.urls import path

from tournament.accounts import views

app_name = "accounts"

urlpatterns = [
    path("signup/", views.SignUpView.as_view(), name="signup"),
    path("profile/", views.ProfileView.as_view(), name="profile"),
    path("tokens/", views.ApiTokensView.as_view(), name="api_tokens"),
    path("tokens/<row:token_id>/revoke/", views.RevokeApiTokenView.as_view(), name="revoke_token"),
    # Before django.contrib.auth.urls (mounted under the same prefix): these replace its views.
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "reset/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
]
