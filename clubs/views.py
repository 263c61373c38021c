"""Club pages. Every view asks clubs/permissions.py first (404 for whoever may not see the thing),
then calls clubs/services.py. POSTs that come twice do the thing once."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth import get_user_model, login, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.db.models import Count
from django.http import Http404, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _

import segno

from games import owner

from . import hooks, permissions, services
from .forms import ClubForm, CodeLoginForm, JoinForm, MembersForm, NoticeForm, RenameForm
from .markdown import render as render_markdown
from .models import Membership, display_name

CODE_LOGIN = "clubs.code_login"  # in the session: the user who just logged in with a code


def organiser_post(view):
    """A POST-only action of a club's organisers: the club's organisers get it (anyone else a 404,
    whatever the method), and any other method than POST is refused."""
    @login_required
    @wraps(view)
    def wrapped(request, code, **kwargs):
        club = permissions.organiser(request, code)
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        return view(request, club, **kwargs)
    return wrapped


def description(club):
    """The club's description in the reader's language, else in the other one."""
    first, second = ((club.description_ja, club.description_en) if translation.get_language() == "ja"
                     else (club.description_en, club.description_ja))
    return first or second


def club_url(club):
    return reverse("club", args=[club.code])


@login_required
def my_clubs(request):
    """clubs/my_clubs.html: the clubs I organise and belong to, joining by code, creating one."""
    rows = (Membership.objects.filter(user=request.user).select_related("club")
            .annotate(size=Count("club__memberships")).order_by("club__name", "club__pk"))
    return render(request, "clubs/my_clubs.html", {
        "organised": [m for m in rows if m.is_organiser],
        "joined": [m for m in rows if not m.is_organiser],
        "join_form": JoinForm(),
    })


@login_required
def create(request):
    """clubs/club_form.html: a new club; its creator organises it."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = services.create_club(request.user, **form.cleaned_data)
        return redirect(club_url(club))
    return render(request, "clubs/club_form.html", {"form": form, "club": None})


@login_required
def edit(request, code):
    """clubs/club_form.html: the club's name and descriptions (organisers)."""
    club = permissions.organiser(request, code)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect(club_url(club))
    return render(request, "clubs/club_form.html", {"form": form, "club": club})


@login_required
def join_by_code(request):
    """clubs/join.html: join a club by the code its organiser gave."""
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.join(request.user, form.club)
        return redirect(club_url(form.club))
    return render(request, "clubs/join.html", {"form": form}, status=400 if form.errors else 200)


def invite(request, invite):
    """clubs/invite.html: join by an invite link, confirmed with a button. Someone not logged in is
    asked to log in or sign up first and comes back here."""
    club = permissions.invited(invite)
    if request.user.is_authenticated:
        member = Membership.objects.filter(club=club, user=request.user).exists()
        if request.method == "POST":
            services.join(request.user, club)
            return redirect(club_url(club))
    elif request.method == "POST":
        return redirect(f"{reverse('login')}?{urlencode({'next': request.path})}")
    else:
        member = False
    return render(request, "clubs/invite.html", {
        "club": club, "member": member, "description": description(club),
        "next_query": urlencode({"next": request.path}),
    })


@login_required
def club(request, code):
    """clubs/club.html: the notice board, the homework, and for organisers the code, the invite
    link and the members."""
    membership = permissions.membership(request, code)
    club = membership.club
    notices = [(n, render_markdown(n.text)) for n in club.notices.all()[:30]]
    context = {
        "club": club, "membership": membership, "description": description(club),
        "notices": notices,
    }
    if membership.is_organiser:
        context.update({
            "members": club.memberships.select_related("user"),
            "notice_form": NoticeForm(),
            "invite_url": request.build_absolute_uri(reverse("club-invite", args=[club.invite])),
        })
    context.update(hooks.club_page_context(request, club, membership))
    return render(request, "clubs/club.html", context)


@organiser_post
def renew(request, club):
    """A new code and invite link (organisers); the old ones stop working."""
    club = services.renew_codes(club)
    messages.success(request, _("The club has a new code and a new invite link. The old ones no longer work."))
    return redirect(club_url(club))


@organiser_post
def notice_post(request, club):
    form = NoticeForm(request.POST)
    if not form.is_valid():
        membership = permissions.membership(request, club.code)
        notices = [(n, render_markdown(n.text)) for n in club.notices.all()[:30]]
        return render(request, "clubs/club.html", {
            "club": club, "membership": membership, "description": description(club), "notices": notices,
            "members": club.memberships.select_related("user"), "notice_form": form,
            "invite_url": request.build_absolute_uri(reverse("club-invite", args=[club.invite])),
        }, status=400)
    text = form.cleaned_data["text"]
    # The same notice sent twice in a row (a double click) is posted once.
    last = club.notices.first()
    if last is None or last.text != text or last.author_id != request.user.pk:
        form.instance.club = club
        form.instance.author = request.user
        form.save()
    return redirect(club_url(club) + "#notices")


@organiser_post
def notice_delete(request, club, pk):
    club.notices.filter(pk=pk).delete()  # already gone (a stale page): nothing to do
    return redirect(club_url(club) + "#notices")


@login_required
def leave(request, code):
    """clubs/leave.html: leave the club (a confirmation, then a POST)."""
    membership = permissions.membership(request, code)
    error = None
    if request.method == "POST":
        try:
            services.remove(membership)
        except services.LastOrganiser:
            error = _("You are this club's only organiser. Make another member an organiser first.")
        else:
            messages.success(request, _("You have left %(club)s.") % {"club": membership.club.name})
            return redirect("my-clubs")
    return render(request, "clubs/leave.html", {"club": membership.club, "membership": membership,
                                                "error": error}, status=400 if error else 200)


# ---------- Members (organisers) ----------

def _members_page(request, club, status=200, **extra):
    others = permissions.organised_clubs(request.user).exclude(pk=club.pk).order_by("name")
    made = permissions.made_accounts(request.user)
    members = [
        {"m": m, "name": display_name(m.user), "made": m.user_id in made,
         "rename": extra.get("rename_forms", {}).get(m.user_id)
         or RenameForm(initial={"name": m.user.first_name or m.user.username}, prefix=f"u{m.user_id}")}
        for m in club.memberships.select_related("user").order_by("user__first_name", "user__username")
    ]
    return render(request, "clubs/members.html", {
        "club": club, "members": members, "others": others,
        "organisers": sum(1 for row in members if row["m"].is_organiser),
        "add_form": extra.get("add_form") or MembersForm(), "error": extra.get("error"),
    }, status=status)


@login_required
def members(request, code):
    """clubs/members.html: the member list, with what an organiser can do to each member."""
    return _members_page(request, permissions.organiser(request, code))


def _slips(request, club, made):
    """clubs/slips.html: the one time these codes are shown, laid out to print on A4."""
    page_url = request.build_absolute_uri(reverse("code-login"))
    slips = []
    for user, code in made:
        link = f"{page_url}?{urlencode({'u': user.username, 'c': code})}"
        qr = segno.make(link, error="m")
        slips.append({
            "name": display_name(user), "username": user.username, "code": services.show_code(code),
            "qr": qr.svg_inline(scale=1, border=2, omitsize=True, svgclass="slip-qr", lineclass=None,
                                title=_("QR code of the login page for %(user)s") % {"user": user.username}),
        })
    pages = [slips[i:i + 8] for i in range(0, len(slips), 8)]
    return render(request, "clubs/slips.html", {"club": club, "pages": pages, "count": len(slips),
                                                "site": page_url})


@login_required
def members_add(request, code):
    """Accounts for a list of names (organisers); the answer is their slips."""
    club = permissions.organiser(request, code)
    if request.method != "POST":
        return redirect(reverse("club-members", args=[club.code]) + "#add")
    form = MembersForm(request.POST)
    if not form.is_valid():
        return _members_page(request, club, status=400, add_form=form)
    made = services.create_members(club, form.cleaned_data["names"], form.cleaned_data["once"])
    return _slips(request, club, made)


@organiser_post
def members_codes(request, club):
    """New login codes for the chosen members (organisers): the old codes stop working."""
    made = permissions.made_accounts(request.user)
    ids = [int(i) for i in request.POST.getlist("user") if i.isdigit() and int(i) in made]
    chosen = [m.user for m in club.memberships.select_related("user").filter(user_id__in=ids)
              .order_by("user__first_name", "user__username")]
    if not chosen:
        return _members_page(request, club, status=400, error=_("Choose the members who need a new code."))
    return _slips(request, club, [(user, services.issue_code(user)) for user in chosen])


@organiser_post
def member_rename(request, club, user_id):
    target = permissions.made_member(request, club, user_id)
    form = RenameForm(request.POST, prefix=f"u{user_id}")
    if not form.is_valid():
        return _members_page(request, club, status=400, rename_forms={user_id: form})
    get_user_model().objects.filter(pk=target.user_id).update(first_name=form.cleaned_data["name"].strip())
    return redirect(reverse("club-members", args=[club.code]) + f"#member-{user_id}")


@organiser_post
def member_remove(request, club, user_id):
    target = permissions.member_of(club, user_id)
    try:
        services.remove(target)
    except services.LastOrganiser:
        return _members_page(request, club, status=400, error=_("A club keeps at least one organiser."))
    if target.user_id == request.user.pk:
        return redirect("my-clubs")
    return redirect("club-members", code=club.code)


@organiser_post
def member_promote(request, club, user_id):
    services.promote(permissions.member_of(club, user_id))
    return redirect(reverse("club-members", args=[club.code]) + f"#member-{user_id}")


@organiser_post
def member_move(request, club, user_id):
    target = permissions.member_of(club, user_id)
    to = request.POST.get("to", "")
    if not to.isdigit():
        return _members_page(request, club, status=400, error=_("Choose the club to move the member to."))
    destination = permissions.organised_club(request.user, int(to))
    try:
        services.move(target, destination)
    except services.LastOrganiser:
        return _members_page(request, club, status=400, error=_("A club keeps at least one organiser."))
    return redirect("club-members", code=club.code)


# ---------- Logging in with a one-time code ----------

def _safe_next(request):
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return ""


def code_login(request):
    """clubs/code_login.html: a member types the username and the one-time code from the slip, is
    logged in and chooses a password."""
    if request.method == "POST":
        form = CodeLoginForm(request.POST)
        if form.is_valid():
            username, code = form.cleaned_data["username"], form.cleaned_data["code"]
            user = services.redeem(username, code)
            if user is not None:
                before = owner.browser_token(request, create=False)
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                owner.adopt(before, owner.user_key(user))
                owner.forget_browser(request)
                request.session[CODE_LOGIN] = user.pk
                return redirect("code-password")
            current = request.user
            if (current.is_authenticated and current.username.lower() == username.strip().lower()
                    and services.code_was_used_by(current, code)):
                return redirect("code-password")  # the same form sent twice: already logged in
            form.add_error(None, _("This username and code do not match a code that can still be used. "
                                   "Check them on your slip, or ask your organiser for a new code."))
        status = 400
    else:
        form = CodeLoginForm(initial={"username": request.GET.get("u", ""), "code": request.GET.get("c", "")})
        status = 200
    return render(request, "clubs/code_login.html", {"form": form}, status=status)


@login_required
def code_password(request):
    """clubs/code_password.html: choose a password after logging in with a code (only then: anyone
    else changes a password by giving the old one)."""
    if request.session.get(CODE_LOGIN) != request.user.pk:
        raise Http404
    form = SetPasswordForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        request.session.pop(CODE_LOGIN, None)
        messages.success(request, _("Your password is set. Next time, log in with your username and it."))
        return HttpResponseRedirect(_safe_next(request) or reverse("my-clubs"))
    return render(request, "clubs/code_password.html", {"form": form})



