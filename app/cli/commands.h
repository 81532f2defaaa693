// The sub-commands of contactsim-cli. Each registers itself on the parent app; its callback
// throws an exception whose what() is the one-line error (main prints "error: ..." and exits 2).
#pragma once

#include <CLI/CLI.hpp>

namespace contactsim::cli {

void addInfoCommand(CLI::App& app);
void addCollideCommand(CLI::App& app);
void addContactCommand(CLI::App& app);
void addRunCommand(CLI::App& app);
void addReplayCommand(CLI::App& app);
void addRecordInfoCommand(CLI::App& app);
// Runs the Python package contactsim.study (python/).
void addStudyCommand(CLI::App& app);
// Writes the scene a URDF describes (app/cli/convert_command.cpp).
void addConvertCommand(CLI::App& app);
// Only in builds with the render library (CONTACTSIM_BUILD_APP).
void addRenderCommand(CLI::App& app);

}  // namespace contactsim::cli
