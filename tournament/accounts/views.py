"""Sign up and edit one's own player profile."""

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views import View, i18n
from django.views.decorators.http import require_POST
from django.views.generic import CreateView, FormView, TemplateView, UpdateView
from oauth2_provider.models import Application

from tournament.accounts import oauth, preferences, signup
from tournament.accounts.api_tokens import make_token, revoke
from tournament.accounts.forms import (
    ApiTokenForm,
    ProfileForm,
    QueuedPasswordResetForm,
    SignUpForm,
)
from tournament.accounts.lockout import unlock
from tournament.accounts.models import ApiToken, Player
from tournament.accounts.preferences import remember_language, supported_language
from tournament.core.extras import PageExtras
from tournament.core.ratelimit import over_limit, posted_email
from tournament.core.timezones import remember_person_zone

TOO_MANY_TRIES = gettext_lazy("Too many tries from your address: wait an hour, then try again.")


class RateLimitedPostMixin:
    """A form view whose POSTs from one client address are limited (`rate_group` of
    `settings.RATE_LIMITS`): over the limit, the form says so with a 429 and nothing runs."""

    rate_group = ""

    def post(self, request, *args, **kwargs):
        if over_limit(request, self.rate_group):
            self.object = None  # a create view's form has no instance yet
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, TOO_MANY_TRIES)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)


class SignUpView(RateLimitedPostMixin, CreateView):
    """Sign-up: the same answer whether the username or the e-mail address is taken or not
    ("we sent you an e-mail", `accounts.signup`), and no log-in: a new account signs in with
    its password like everyone else. The tries an address may make an hour bound the e-mails
    anyone can have sent."""

    form_class = SignUpForm
    template_name = "registration/signup.html"
    rate_group = "signup"

    def get_initial(self):
        # The e-mails' language starts as the browser's (LocaleMiddleware's choice).
        return {**super().get_initial(), "language": supported_language(self.request.LANGUAGE_CODE)}

    def form_valid(self, form):
        chosen = form.cleaned_data.get("language") or translation.get_language()
        signup.sign_up(self.request, form, supported_language(chosen))
        return redirect("accounts:signup_sent")


class SignUpSentView(TemplateView):
    """The one answer to every sign-up that passed the form."""

    template_name = "registration/signup_sent.html"


class ConfirmEmailView(View):
    """The link of the sign-up e-mail: confirms the account's address."""

    def get(self, request, token: str):
        done = signup.confirm_address(token)
        if done.user is None:
            return render(
                request,
                "registration/confirm_email_failed.html",
                {"problem": done.problem},
                status=400,
            )
        messages.success(request, _("Your e-mail address is confirmed."))
        if request.user.is_authenticated and request.user.pk == done.user.pk:
            return redirect("accounts:profile")
        return redirect("login")


class ResendConfirmationView(LoginRequiredMixin, View):
    """A new link for a signed-in account whose address is not confirmed (the first one
    expired or never arrived)."""

    http_method_names = ["post"]

    def post(self, request):
        player = getattr(request.user, "player", None)
        if player is None or player.email_verified or not request.user.email:
            return redirect("accounts:profile")
        # The same count as sign-up e-mails to the address: at most a few an hour, all told.
        if over_limit(request, "signup-email", lambda _group, req: req.user.email.casefold()):
            messages.error(request, TOO_MANY_TRIES)
            return redirect("accounts:profile")
        signup.send_confirmation(request, request.user)
        messages.success(
            request,
            ngettext(
                "We sent a new link to %(email)s. It works for %(days)s day.",
                "We sent a new link to %(email)s. It works for %(days)s days.",
                signup.LINK_MAX_AGE.days,
            )
            % {"email": request.user.email, "days": signup.LINK_MAX_AGE.days},
        )
        return redirect("accounts:profile")


class ProfileView(LoginRequiredMixin, UpdateView):
    """The person's account; apps above add their parts (`extras`: the calendar feeds)."""

    extras: PageExtras[[HttpRequest, Player]] = PageExtras("the profile page")
    form_class = ProfileForm
    template_name = "registration/profile.html"
    success_url = reverse_lazy("accounts:profile")

    def get_object(self, queryset=None) -> Player:
        player = getattr(self.request.user, "player", None)
        return player or Player.create_for_user(self.request.user)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(self.extras.context(self.request, self.object))
        return context

    def form_valid(self, form):
        messages.success(self.request, _("Profile saved."))
        response = super().form_valid(form)
        if "time_zone" in form.data:  # the pages that are not an event's follow it at once
            remember_person_zone(self.request, form.cleaned_data.get("time_zone") or "")
        if form.cleaned_data.get("language"):  # and every page, his language
            remember_language(self.request, form.cleaned_data["language"])
        return response


@require_POST
def set_language(request: HttpRequest):
    """The language menu: Django's `set_language` (the cookie, back to the page), and for a
    signed-in person his choice, kept for his pages, e-mails and PDFs. A code the site does
    not offer changes nothing (the page stays in the site's language)."""
    response = i18n.set_language(request)
    language = preferences.offered_language(request.POST.get("language"))
    if language and request.user.is_authenticated:
        preferences.keep(request.user, language=language)
        remember_language(request, language)
    return response


class PasswordResetView(RateLimitedPostMixin, auth_views.PasswordResetView):
    """Django's password reset, answering the same, as fast, whether the address has an
    account: the e-mail is sent by a task (`accounts.tasks.send_later`), and both the
    asking address and the address asked for have a rate limit."""

    form_class = QueuedPasswordResetForm
    rate_group = "password-reset"

    def form_valid(self, form):
        if over_limit(self.request, "password-reset-email", posted_email):
            return HttpResponseRedirect(self.get_success_url())  # the same answer, no e-mail
        return super().form_valid(form)


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """A new password also lifts a log-in lockout of the account: the owner who proved he
    reads its e-mail is let in at once, whoever made the wrong guesses."""

    def form_valid(self, form):
        response = super().form_valid(form)
        unlock(form.user.get_username())
        return response


class ApiTokensView(LoginRequiredMixin, FormView):
    """The person's API tokens: make one (its secret shown once) or revoke one."""

    form_class = ApiTokenForm
    template_name = "registration/api_tokens.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["tokens"] = ApiToken.objects.filter(user=self.request.user)
        context["apps"] = oauth.authorized_apps(self.request.user)
        return context

    def form_valid(self, form):
        token, secret = make_token(
            self.request.user, form.cleaned_data["name"], form.cleaned_data["scopes"]
        )
        messages.success(self.request, _("Token “%(name)s” made.") % {"name": token.name})
        # Shown on this answer only: it is never stored and cannot be shown again.
        return self.render_to_response(
            self.get_context_data(form=self.form_class(), secret=secret, made=token)
        )


class RevokeAppView(LoginRequiredMixin, View):
    """Take back everything the person granted an app through OAuth."""

    http_method_names = ["post"]

    def post(self, request, app_id: int):
        application = get_object_or_404(Application, pk=app_id)
        oauth.revoke_app(request.user, application)
        messages.success(
            request, _("“%(name)s” can no longer act for you.") % {"name": application.name}
        )
        return HttpResponseRedirect(reverse("accounts:api_tokens"))


class RevokeApiTokenView(LoginRequiredMixin, View):
    http_method_names = ["post"]

    def post(self, request, token_id: int):
        token = get_object_or_404(ApiToken, pk=token_id, user=request.user)
        revoke(token)
        messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
        return HttpResponseRedirect(reverse("accounts:api_tokens"))
