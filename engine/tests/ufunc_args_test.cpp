// UFuncArgs is a non-owning view (engine/src/ufunc.h): the forms that would dangle at once do not
// compile, the ones a call uses do.
#include <gtest/gtest.h>

#include <initializer_list>
#include <type_traits>
#include <vector>

#include "ufunc.h"

namespace parity {
namespace {

using Ptrs = std::vector<const ArrayLike*>;
using List = std::initializer_list<const ArrayLike*>;

// Assigning a braced list or a temporary vector would leave the view on a dead array.
static_assert(!std::is_assignable_v<UFuncArgs&, List>);
static_assert(!std::is_assignable_v<UFuncArgs&, Ptrs&&>);
// What calls do: pass a braced list or a named vector, copy a view.
static_assert(std::is_constructible_v<UFuncArgs, List>);
static_assert(std::is_constructible_v<UFuncArgs, const Ptrs&>);
static_assert(std::is_assignable_v<UFuncArgs&, const Ptrs&>);
static_assert(std::is_copy_assignable_v<UFuncArgs>);

size_t count(UFuncArgs a) { return a.size(); }

TEST(UFuncArgs, ViewsBracedListAndVector) {
  const ArrayLike* p = nullptr;
  EXPECT_EQ(count({p, p, p}), 3u);
  EXPECT_EQ(count({}), 0u);
  const Ptrs v{p, p};
  EXPECT_EQ(count(v), 2u);
  UFuncArgs a = v;
  EXPECT_EQ(a.begin(), v.data());
  EXPECT_EQ(a.end(), v.data() + 2);
}

}  // namespace
}  // namespace parity
