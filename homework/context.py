"""``homework_summary`` for a club's pages (any page whose address names a club's ``code``): what
a member has left to do in that club's homework, None for anyone else. It is worked out only when
a template reads it (templates call a callable), so other pages pay nothing."""


def homework_summary(request):
    code = (getattr(request.resolver_match, "kwargs", None) or {}).get("code")
    if not code:
        return {}

    def summary():
        from clubs.models import Club

        from .views import homework_summary as of_club

        user = getattr(request, "user", None)
        club = Club.objects.filter(code=code).first() if user and user.is_authenticated else None
        return of_club(request, club) if club else None

    return {"homework_summary": summary}
