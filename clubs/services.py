"""What clubs do: create, join, leave, members made by an organiser and their one-time login codes.
Views ask clubs/permissions.py who may, then call here. Everything here may be sent twice (a double
click, a reload, two tabs) and does the thing once."""

import re
import secrets
import unicodedata
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from .models import CODE_ALPHABET, Club, LoginCode, MemberBatch, Membership, new_code, new_invite

CODE_LENGTH = 8
CODE_LIFETIME = timedelta(days=30)
USERNAME_LENGTH = 24
MAX_NAMES = 100


class LastOrganiser(Exception):
    """A club keeps at least one organiser."""


def create_club(user, name, description_ja="", description_en=""):
    """A new club organised by `user`."""
    with transaction.atomic():
        for _ in range(10):
            try:
                with transaction.atomic():
                    club = Club.objects.create(name=name, description_ja=description_ja,
                                               description_en=description_en)
                break
            except IntegrityError:  # a code or an invite already taken: draw again
                continue
        else:
            raise RuntimeError("no free club code")
        Membership.objects.create(club=club, user=user, role=Membership.ORGANISER)
    return club


def join(user, club):
    """Make `user` a member of `club`; already one, nothing changes. The membership."""
    try:
        with transaction.atomic():
            membership, _ = Membership.objects.get_or_create(club=club, user=user)
    except IntegrityError:  # another request made it between our look and our insert
        membership = Membership.objects.get(club=club, user=user)
    return membership


def normalise_code(text):
    """A club code or a login code as typed: upper case, without spaces or dashes."""
    return re.sub(r"[\s\-]", "", unicodedata.normalize("NFKC", text or "")).upper()


def club_by_code(text):
    code = normalise_code(text)
    return Club.objects.filter(code=code).first() if code else None


def renew_codes(club):
    """Give the club a new code and a new invite link; the old ones stop working."""
    for _ in range(10):
        try:
            with transaction.atomic():
                Club.objects.filter(pk=club.pk).update(code=new_code(), invite=new_invite())
            break
        except IntegrityError:
            continue
    club.refresh_from_db()
    return club


def _locked_organisers(club_id):
    """The club's organisers, locked until the end of the transaction (on PostgreSQL; SQLite's
    immediate transactions already write one at a time)."""
    return list(Membership.objects.select_for_update().filter(club_id=club_id, role=Membership.ORGANISER)
                .values_list("pk", flat=True))


def _check_not_last(membership):
    """Raise LastOrganiser if `membership` is its club's only organiser (as it is now)."""
    organisers = _locked_organisers(membership.club_id)
    if organisers == [membership.pk]:
        raise LastOrganiser


def remove(membership):
    """Take a person out of a club (leaving, or removed by an organiser). Their records stay theirs.
    Raises LastOrganiser for the club's only organiser. Already gone: nothing happens."""
    with transaction.atomic():
        _check_not_last(membership)
        Membership.objects.filter(pk=membership.pk).delete()


def promote(membership):
    Membership.objects.filter(pk=membership.pk).update(role=Membership.ORGANISER)


def move(membership, target):
    """Move a member to another club (as a member there; already in it, simply out of this one)."""
    with transaction.atomic():
        _check_not_last(membership)
        join(membership.user, target)
        Membership.objects.filter(pk=membership.pk).delete()


# ---------- Members made by an organiser, and their login codes ----------

def parse_names(text):
    """The names in a list typed one per line (blank lines skipped, spaces tidied)."""
    names = []
    for line in (text or "").splitlines():
        name = " ".join(unicodedata.normalize("NFKC", line).split())
        if name:
            names.append(name[:150])
    return names


def username_base(name):
    """A readable username made from a name: lower case, words joined by dots, letters of any
    script kept, other signs dropped."""
    words = [re.sub(r"[^\w]", "", w) for w in name.lower().split()]
    base = ".".join(w for w in words if w)[:USERNAME_LENGTH].strip(".")
    return base or "member"


def _create_user(name):
    User = get_user_model()
    base = username_base(name)
    n = 1
    while True:
        candidate = base if n == 1 else f"{base[:USERNAME_LENGTH - len(str(n))]}{n}"
        if not User.objects.filter(username__iexact=candidate).exists():
            try:
                with transaction.atomic():
                    user = User(username=candidate, first_name=name)
                    user.set_unusable_password()
                    user.save()
                    return user
            except IntegrityError:  # taken meanwhile
                pass
        n += 1


def _digest(user, code):
    return salted_hmac("clubs.LoginCode", f"{user.pk}:{code}", algorithm="sha256").hexdigest()


def issue_code(user):
    """A new one-time login code for `user` (replacing any older one); only its hash is stored."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    LoginCode.objects.update_or_create(
        user=user, defaults={"digest": _digest(user, code), "expires": timezone.now() + CODE_LIFETIME,
                             "used": None})
    return code


def show_code(code):
    """A login code as printed: two groups of four."""
    return f"{code[:4]}-{code[4:]}"


def create_members(club, names, once):
    """Accounts for these names, members of `club`, each with a fresh login code: [(user, code)].
    The same `once` sent again creates nobody new: it gives the same people new codes (the codes
    of the first answer were never seen, or can be printed again from these)."""
    with transaction.atomic():
        try:
            with transaction.atomic():
                batch = MemberBatch.objects.create(club=club, once=once)
        except IntegrityError:
            batch = MemberBatch.objects.get(once=once)
            if batch.club_id != club.pk:
                return []
            users = list(batch.users.filter(memberships__club=club).order_by("pk"))
            return [(user, issue_code(user)) for user in users]
        made = []
        for name in names:
            user = _create_user(name)
            Membership.objects.create(club=club, user=user)
            made.append((user, issue_code(user)))
        batch.users.set([user for user, _ in made])
    return made


def redeem(username, code):
    """The user whose one-time code this is, marking it used; None when the username and code do
    not match a live code. Only one of two requests with the same code gets the user."""
    User = get_user_model()
    user = User.objects.filter(username__iexact=(username or "").strip()).first()
    code = normalise_code(code)
    if user is None or not code:
        return None
    login_code = LoginCode.objects.filter(user=user).first()
    if login_code is None or not constant_time_compare(login_code.digest, _digest(user, code)):
        return None
    now = timezone.now()
    if login_code.expires <= now:
        return None
    won = LoginCode.objects.filter(pk=login_code.pk, digest=login_code.digest, used__isnull=True).update(used=now)
    return user if won else None


def code_was_used_by(user, code):
    """Whether `code` is `user`'s code, already used (a double submit of the same form)."""
    login_code = LoginCode.objects.filter(user=user).first()
    return bool(login_code and login_code.used and
                constant_time_compare(login_code.digest, _digest(user, normalise_code(code))))
