"""Getting into a campaign: signing up."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from characters.forms import SignupForm

# axes' backend only refuses locked-out logins; a new account is logged in by the model backend.
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class LoginView(auth_views.LoginView):
    """Django's login page, which offers sign-up while the tracker is open to it."""

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "signup_open": settings.SIGNUP_OPEN}


def signup(request):
    """A new account, then home or the page the visitor came from. A closed tracker lets only invited players in,
    through their join link."""
    if not settings.SIGNUP_OPEN:
        return render(request, "registration/signup.html", {"closed": True}, status=403)
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        log_in_new_account(request, form)
        messages.success(request, f"Welcome, {request.user.username}. Start a campaign, or follow your GM's join link.")
        return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def safe_next(request):
    """The `next` page asked for, when it is on this site; else ""."""
    next_url = request.POST.get("next") or request.GET.get("next", "")
    if url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return next_url
    return ""


def log_in_new_account(request, form):
    login(request, form.save(), backend=MODEL_BACKEND)
