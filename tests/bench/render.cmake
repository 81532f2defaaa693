# bench_render: frame time of the 3-D view (render::SimulationView) at 1280x800, the anchor demo
# and 300 contact patches; needs the render library (CONTACTSIM_BUILD_APP) and a display (Xvfb).
if(TARGET contactsim_render)
  find_package(VTK 9.1 REQUIRED COMPONENTS IOImage RenderingCore RenderingOpenGL2 RenderingFreeType)
  add_executable(bench_render ${CMAKE_CURRENT_LIST_DIR}/bench_render.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/render_frame_timer.cpp
                              ${CMAKE_CURRENT_LIST_DIR}/synthetic_patches.cpp)
  target_link_libraries(bench_render PRIVATE contactsim_render contactsim_assets)
  target_compile_definitions(bench_render PRIVATE CONTACTSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  vtk_module_autoinit(TARGETS bench_render MODULES ${VTK_LIBRARIES})
endif()
