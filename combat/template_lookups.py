"""Objects the screens' templates read thousands of times a render, found on the templates' first try.

Django's templates look each part of a variable up as a key first, then as an attribute (Django's docs, "The Django
template language": Variables). An object that only has attributes fails the key lookup with an exception every
time: on a phone's live view that was about a third of its render. `LookedUpByName` answers the key lookup with the
attribute itself; a name it lacks fails as before, and the template goes on as it did.
"""


class LookedUpByName:
    def __getitem__(self, name):
        return getattr(self, name)
