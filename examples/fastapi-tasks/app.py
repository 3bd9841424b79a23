"""A small task-list service written with FastAPI: the "your own contract" example of the kit's README.

FastAPI writes the service's OpenAPI 3.1 document itself; `openapi.json` beside this file is that
document, written by:

    python3 -c 'import json, sys; sys.path.insert(0, "examples/fastapi-tasks"); from app import app; print(json.dumps(app.openapi(), indent=2))' > examples/fastapi-tasks/openapi.json

Serve it for real with: python3 -m uvicorn app:app --app-dir examples/fastapi-tasks --port 8000
"""
from typing import Literal, Optional

from fastapi import FastAPI, HTTPException, Response
from pydantic import BaseModel, Field

app = FastAPI(title="Tasks", version="0.1.0", summary="A task list, written with FastAPI")


class NewTask(BaseModel):
    title: str = Field(min_length=1, max_length=120, examples=["Water the plants"])
    status: Literal["todo", "doing", "done"] = "todo"
    note: Optional[str] = Field(default=None, max_length=500)


class Task(NewTask):
    id: int


TASKS: dict[int, Task] = {}


@app.get("/tasks", operation_id="listTasks", summary="List the tasks")
def list_tasks(status: Optional[Literal["todo", "doing", "done"]] = None, limit: int = 20) -> list[Task]:
    found = [t for t in TASKS.values() if status is None or t.status == status]
    return found[:limit]


@app.post("/tasks", operation_id="createTask", summary="Add a task", status_code=201)
def create_task(body: NewTask, response: Response) -> Task:
    task = Task(id=max(TASKS, default=0) + 1, **body.model_dump())
    TASKS[task.id] = task
    response.headers["Location"] = f"/tasks/{task.id}"
    return task


@app.get("/tasks/{task_id}", operation_id="getTask", summary="Read a task", responses={404: {"description": "No such task"}})
def get_task(task_id: int) -> Task:
    if task_id not in TASKS:
        raise HTTPException(status_code=404, detail="No such task")
    return TASKS[task_id]


@app.put("/tasks/{task_id}", operation_id="replaceTask", summary="Replace a task", responses={404: {"description": "No such task"}})
def replace_task(task_id: int, body: NewTask) -> Task:
    if task_id not in TASKS:
        raise HTTPException(status_code=404, detail="No such task")
    TASKS[task_id] = Task(id=task_id, **body.model_dump())
    return TASKS[task_id]


@app.delete("/tasks/{task_id}", operation_id="deleteTask", summary="Delete a task", status_code=204, responses={404: {"description": "No such task"}})
def delete_task(task_id: int) -> None:
    if TASKS.pop(task_id, None) is None:
        raise HTTPException(status_code=404, detail="No such task")
