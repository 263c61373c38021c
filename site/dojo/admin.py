"""The admin's views of the records and clubs, for staff: read-only lists to look things up (the
apps' own pages change them). Each model is registered here only if its app has not registered it."""

from django.contrib import admin

from attempts.models import DealPlayed, LessonAnswer, PuzzleMove
from clubs.models import Club, Membership


class LookOnly(admin.ModelAdmin):
    """Every field shown, nothing added, changed or deleted."""

    def get_list_display(self, request):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RecordAdmin(LookOnly):
    list_filter = ("game",)
    search_fields = ("owner",)
    date_hierarchy = "at"


class ClubAdmin(LookOnly):
    search_fields = ("name", "code")


class MembershipAdmin(LookOnly):
    list_filter = ("role",)
    search_fields = ("club__name", "user__username")


for model, model_admin in [(LessonAnswer, RecordAdmin), (PuzzleMove, RecordAdmin), (DealPlayed, RecordAdmin),
                           (Club, ClubAdmin), (Membership, MembershipAdmin)]:
    if not admin.site.is_registered(model):
        admin.site.register(model, model_admin)
