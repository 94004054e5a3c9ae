"""Sign up and edit one's own player profile."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.mixins import LoginRequiredMixin
from django.db import IntegrityError
from django.shortcuts import redirect
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.views.generic import CreateView, UpdateView

from tournament.accounts.forms import ProfileForm, SignUpForm
from tournament.accounts.models import Player


class SignUpView(CreateView):
    form_class = SignUpForm
    template_name = "registration/signup.html"

    def form_valid(self, form):
        try:
            user = form.save()
        except IntegrityError:
            # A simultaneous sign-up took the same e-mail or username after the form's check.
            form.add_error(None, _("This e-mail address or username was just taken. Try again."))
            return self.form_invalid(form)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            self.request,
            _("Welcome! Your player number is %(number)s.") % {"number": user.player.player_number},
        )
        return redirect("events:home")


class ProfileView(LoginRequiredMixin, UpdateView):
    form_class = ProfileForm
    template_name = "registration/profile.html"
    success_url = reverse_lazy("accounts:profile")

    def get_object(self, queryset=None) -> Player:
        player = getattr(self.request.user, "player", None)
        return player or Player.create_for_user(self.request.user)

    def form_valid(self, form):
        messages.success(self.request, _("Profile saved."))
        return super().form_valid(form)
