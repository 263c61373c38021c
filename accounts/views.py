"""Accounts: sign up, log in, log out and change password, with Django's own auth views and forms.

Signing up or logging in moves what the browser did before into the account (games.owner.adopt).
Logging out and changing the password end the user's sessions everywhere (User.end_sessions); after
a password change the session that made it stays signed in.
"""

from django.conf import settings
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import render, resolve_url
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from games import owner

from .forms import SignUpForm

NEXT = "next"
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def safe_next(request):
    """The page to go to afterwards, when the request names one on this site (a path, never
    another host, scheme or a protocol-relative //address); else ""."""
    target = request.POST.get(NEXT, request.GET.get(NEXT, "")) or ""
    if target.startswith("/") and url_has_allowed_host_and_scheme(target, allowed_hosts=set()):
        return target
    return ""


def sign_in(request, user, backend=None):
    """Log the user in and move the browser's things into the account, once. The browser's token
    is read before the log-in renews the session."""
    token = owner.browser_token(request, create=False)
    with transaction.atomic():
        auth_login(request, user, backend=backend)
        owner.adopt(token, owner.user_key(user))
    owner.forget_browser(request)


class SameSiteNextMixin:
    """Django's auth views, with `next` limited to paths on this site."""

    def get_redirect_url(self):
        return safe_next(self.request)


@sensitive_post_parameters("password1", "password2")
@never_cache
def signup(request):
    """templates/accounts/signup.html: form (SignUpForm), next. A good form makes the account, logs
    it in and goes on to next (or home)."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            sign_in(request, user, backend=MODEL_BACKEND)
        return HttpResponseRedirect(safe_next(request) or resolve_url(settings.LOGIN_REDIRECT_URL))
    return render(request, "accounts/signup.html", {"form": form, "next": safe_next(request)})


class LoginView(SameSiteNextMixin, auth_views.LoginView):
    """templates/accounts/login.html. One error for an unknown username and a wrong password alike
    (Django's AuthenticationForm); django-axes counts the failures."""

    template_name = "accounts/login.html"

    def form_valid(self, form):
        sign_in(self.request, form.get_user())
        return HttpResponseRedirect(self.get_success_url())


class LogoutView(SameSiteNextMixin, auth_views.LogoutView):
    """POST only: ends this user's sessions everywhere, then this one."""

    def post(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            request.user.end_sessions()
        return super().post(request, *args, **kwargs)


class PasswordChangeView(auth_views.PasswordChangeView):
    """templates/accounts/password_change.html. Every other session of the user ends; this one
    stays signed in."""

    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("password-change-done")

    def form_valid(self, form):
        form.user.end_sessions()
        # Django's view saves the new password, then gives this session the new hash.
        return super().form_valid(form)


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"

