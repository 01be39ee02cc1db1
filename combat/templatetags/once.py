"""`{% once %}...{% endonce %}`: a block rendered at its first use in a render and repeated as it is after.

For what a loop repeats unchanged on every row (the condition options, the CSRF input): the GM screen renders
them once instead of once a row. The block must depend on nothing the loop changes.
"""

from django import template

register = template.Library()


@register.tag
def once(parser, token):
    nodelist = parser.parse(("endonce",))
    parser.delete_first_token()
    return OnceNode(nodelist)


class OnceNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        rendered = context.render_context  # one render's own state
        if self not in rendered:
            rendered[self] = self.nodelist.render(context)
        return rendered[self]
