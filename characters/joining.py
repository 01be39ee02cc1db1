"""Getting into a campaign: signing up, the GM's join links, and a player following one."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from characters import signup_throttle
from characters.forms import SignupForm
from characters.models import Campaign, JoinLink

# axes' backend only refuses locked-out logins; a new account is logged in by the model backend.
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


class LoginView(auth_views.LoginView):
    """Django's login page, which offers sign-up while the tracker is open to it."""

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "signup_open": settings.SIGNUP_OPEN}


def signup(request):
    """A new account, then home or the page the visitor came from. A closed tracker lets only invited players in,
    through their join link; an address that has made this hour's accounts is refused (signup_throttle)."""
    if not settings.SIGNUP_OPEN:
        return render(request, "registration/signup.html", {"closed": True}, status=403)
    next_url = safe_next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignupForm(request.POST if request.method == "POST" else None)
    if form.is_bound and form.is_valid():
        if not signup_throttle.admits_one_more(request):
            return signup_throttle.refusal(request)
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


def join(request, token):
    """A player follows a join link: a newcomer signs up right here and is in the campaign at once, as sign-up's
    throttle allows; someone with an account logs in and joins with one click."""
    link = get_object_or_404(JoinLink.objects.select_related("campaign__gm"), token=token)
    if link.revoked or link.expired:
        # Gone, not missing: whoever holds it was invited once and should ask the GM. The campaign stays unnamed, as
        # the link may have reached someone the GM withdrew it from.
        return render(request, "characters/join.html", {"link": link}, status=410)
    campaign, user = link.campaign, request.user
    if user.is_authenticated and campaign.gm_id == user.pk:
        messages.info(request, f"You run {campaign.name}: this is the link your players follow to join.")
        return redirect(campaign)
    if user.is_authenticated and campaign.players.filter(pk=user.pk).exists():
        return redirect(campaign)
    form = None if user.is_authenticated else SignupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and (form is None or form.is_valid()):
        if form is not None:
            if not signup_throttle.admits_one_more(request):
                return signup_throttle.refusal(request)
            log_in_new_account(request, form)
        campaign.players.add(request.user)
        messages.success(request, f"You joined {campaign.name}. Claim a character below or create your own.")
        return redirect(campaign)
    return render(request, "characters/join.html", {"link": link, "campaign": campaign, "form": form})


def invitations(request, campaign):
    """What the GM's "Invite players" section shows: the live join links, each with the address to copy."""
    links = list(campaign.join_links.live())
    for link in links:
        link.url = request.build_absolute_uri(link.get_absolute_url())
    return {"join_links": links, "link_days": JoinLink.DAYS, "default_link_days": JoinLink.DEFAULT_DAYS}


def campaign_run_by(user, pk):
    """The campaign, for its GM. A player is refused; to anyone else it does not exist."""
    campaign = get_object_or_404(Campaign, pk=pk)
    if campaign.gm_id == user.pk:
        return campaign
    if campaign.players.filter(pk=user.pk).exists():
        raise PermissionDenied("Only the GM invites players.")
    raise Http404("No such campaign.")


@login_required
@require_POST
def create_link(request, pk):
    campaign = campaign_run_by(request.user, pk)
    days = days_asked(request, JoinLink)
    if days is not None:
        link = JoinLink.issue(campaign, days)
        messages.success(request, f"New join link, {lasting(link, days)}. Copy it and send it.")
    return redirect(f"{campaign.get_absolute_url()}#invite")


def days_asked(request, link_kind):
    """How many days the GM asked a new link of `link_kind` (an ExpiringLink) to last, or None, told why."""
    try:
        days = int(request.POST.get("days", ""))
    except ValueError:
        days = None
    if days not in link_kind.DAYS:
        choices = ", ".join(map(str, link_kind.DAYS[:-1])) + f" or {link_kind.DAYS[-1]}"
        messages.error(request, f"Choose how long the link lasts: {choices} days.")
        return None
    return days


def lasting(link, days):
    until = date_format(timezone.localtime(link.expires), "j M Y, H:i")
    return f"valid for {days} day{pluralize(days)} (until {until})"


@login_required
@require_POST
def revoke_link(request, pk, link_pk):
    campaign = campaign_run_by(request.user, pk)
    get_object_or_404(JoinLink, pk=link_pk, campaign=campaign).revoke()
    messages.success(request, "Link revoked: whoever follows it now is told the invitation was withdrawn.")
    return redirect(f"{campaign.get_absolute_url()}#invite")
