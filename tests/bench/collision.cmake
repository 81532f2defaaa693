# bench_collision: the collision core against FCL 0.7 (OBBRSS, OBB) and Bullet 3.24 double
# (GImpact quantized BVH candidates + our triangle test), same meshes and poses, one thread.
# The peers come with `scripts/install-deps.sh --bench`; without them only this benchmark is
# left out, so the others (IFToMM, dynamics, contact) still build.
find_package(fcl QUIET)
find_package(PkgConfig REQUIRED)
# Only the include path and libraries: the .pc file also forces -std=c++11.
pkg_check_modules(BULLET_F64 QUIET bullet-float64)
find_library(BULLET_COLLISION_F64 BulletCollision-float64)
find_library(BULLET_LINEARMATH_F64 LinearMath-float64)

if(NOT fcl_FOUND OR NOT BULLET_F64_FOUND OR NOT BULLET_COLLISION_F64 OR NOT BULLET_LINEARMATH_F64)
  message(WARNING "bench_collision left out: FCL or Bullet (double) not found; "
                  "scripts/install-deps.sh --bench installs them")
  return()
endif()

add_executable(bench_collision ${CMAKE_CURRENT_LIST_DIR}/bench_collision.cpp
                               ${CMAKE_CURRENT_LIST_DIR}/bench_cases.cpp)
target_include_directories(bench_collision SYSTEM PRIVATE ${BULLET_F64_INCLUDE_DIRS})
target_compile_definitions(bench_collision PRIVATE BT_USE_DOUBLE_PRECISION)
target_link_libraries(bench_collision PRIVATE contactsim_core fcl ${BULLET_COLLISION_F64}
                      ${BULLET_LINEARMATH_F64})
