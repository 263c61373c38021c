from django.urls import path

from . import views

urlpatterns = [
    path("account/signup/", views.signup, name="signup"),
    path("account/login/", views.LoginView.as_view(), name="login"),
    path("account/logout/", views.LogoutView.as_view(), name="logout"),
    path("account/password/", views.PasswordChangeView.as_view(), name="password-change"),
    path("account/password/done/", views.PasswordChangeDoneView.as_view(), name="password-change-done"),
]
