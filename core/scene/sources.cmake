target_sources(contactsim_core PRIVATE
  scene/json_error.cpp
  scene/law_parameters.cpp
  scene/scene.cpp
  scene/scene_reader.cpp
  scene/scene_system.cpp
)
# nlohmann-json is header-only and used only inside scene_reader.cpp and json_error.cpp.
target_link_libraries(contactsim_core PRIVATE nlohmann_json::nlohmann_json)
